#pragma once
// The palette of a GIF made for a whole clip, and its frames mapped onto it: GIF holds at most
// 256 colours, so the colours every frame uses are counted first, cut into 256 boxes (median
// cut), and each pixel then takes the nearest palette colour after an ordered (Bayer) dither,
// which, unlike error diffusion, gives a still pixel the same index in every frame (no crawling
// noise on a still background, and smaller files).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace render {

// Colours are counted at 5 bits per channel (32768 cells): enough to place 256 boxes, small
// enough to map every cell to its nearest palette colour once.
inline constexpr int kPaletteCellBits = 5;
inline constexpr int kPaletteCells = 1 << (3 * kPaletteCellBits);

// How often each colour cell occurs over every frame counted so far, and the sum of the
// colours that fell in it (so a palette colour is the mean of real colours, not a cell's
// centre: a clip of few colours keeps them exactly).
class ColorHistogram {
 public:
  struct Cell {
    std::uint64_t count = 0;
    std::array<std::uint64_t, 3> sum{0, 0, 0};
  };
  ColorHistogram() : cells_(kPaletteCells) {}
  // Counts the pixels of an RGBA picture (alpha is ignored).
  void add(std::span<const std::uint8_t> rgba);
  const std::vector<Cell>& cells() const { return cells_; }

 private:
  std::vector<Cell> cells_;
};

// A GIF palette: up to 256 RGB colours and, for each colour cell, the index of the nearest.
struct GifPalette {
  std::vector<std::array<std::uint8_t, 3>> colors;
  std::vector<std::uint8_t> nearest;  // kPaletteCells entries
};

// Median cut of the histogram into at most max_colors (1 to 256) colours, each the mean of the
// colours counted in its box; fewer colours when fewer cells occur (an empty histogram gives
// black).
GifPalette make_gif_palette(const ColorHistogram& histogram, int max_colors = 256);

// Maps an RGBA picture (width x height, top row first) onto palette with an 8x8 Bayer dither two
// colour cells wide (smooths gradients between palette colours), into indices (width * height
// bytes).
void dither_to_palette(std::span<const std::uint8_t> rgba, int width, int height,
                       const GifPalette& palette, std::span<std::uint8_t> indices);

}  // namespace render
