#include "render/gif_palette.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace render {
namespace {

constexpr int kLevels = 1 << kPaletteCellBits;

int cell_of(int r, int g, int b) {
  constexpr int shift = 8 - kPaletteCellBits;
  return ((r >> shift) << (2 * kPaletteCellBits)) | ((g >> shift) << kPaletteCellBits) |
         (b >> shift);
}

// A cell's channel (0..kLevels-1) as the 8-bit value at its centre.
int cell_center(int level) {
  return (level * 255 + (kLevels - 1) / 2) / (kLevels - 1);
}

// An occupied cell in median cut's list: its coordinates in cells and what was counted in it.
struct OccupiedCell {
  std::array<int, 3> level;
  std::uint64_t count;
  std::array<std::uint64_t, 3> sum;
};

// A box of median cut: the cells [begin, end) of the shared list.
struct Box {
  std::size_t begin, end;
  int longest_axis = 0;
  int extent = 0;  // along longest_axis, in cells
};

void measure(Box& box, const std::vector<OccupiedCell>& cells) {
  std::array<int, 3> lo{kLevels, kLevels, kLevels}, hi{-1, -1, -1};
  for (std::size_t i = box.begin; i < box.end; ++i) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min(lo[a], cells[i].level[a]);
      hi[a] = std::max(hi[a], cells[i].level[a]);
    }
  }
  box.extent = -1;
  for (int a = 0; a < 3; ++a) {
    if (hi[a] - lo[a] > box.extent) {
      box.extent = hi[a] - lo[a];
      box.longest_axis = a;
    }
  }
}

// The histogram's counted cells, with their levels on each axis.
std::vector<OccupiedCell> occupied_cells(const ColorHistogram& histogram) {
  std::vector<OccupiedCell> cells;
  for (int c = 0; c < kPaletteCells; ++c) {
    const ColorHistogram::Cell& counted = histogram.cells()[static_cast<std::size_t>(c)];
    if (counted.count == 0) continue;
    cells.push_back(
        {{c >> (2 * kPaletteCellBits), (c >> kPaletteCellBits) & (kLevels - 1), c & (kLevels - 1)},
         counted.count,
         counted.sum});
  }
  return cells;
}

// Splits box at the weighted median of its longest axis (sorting its cells along it) into two
// measured halves that both hold a cell.
std::pair<Box, Box> split_box(const Box& box, std::vector<OccupiedCell>& cells) {
  const int axis = box.longest_axis;
  auto first = cells.begin() + static_cast<std::ptrdiff_t>(box.begin);
  auto last = cells.begin() + static_cast<std::ptrdiff_t>(box.end);
  std::sort(first, last, [axis](const OccupiedCell& a, const OccupiedCell& b) {
    return a.level[axis] < b.level[axis];
  });
  // The weighted median, kept inside the box so both halves hold a cell.
  std::uint64_t total = 0;
  for (auto it = first; it != last; ++it) total += it->count;
  std::uint64_t running = 0;
  std::size_t split = box.begin + 1;
  for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
    running += cells[i].count;
    split = i + 1;
    if (2 * running >= total) break;
  }
  // Cells of one level stay on one side, so the halves do not overlap; the box spans more
  // than one level, so a change of level lies before or after the median.
  auto same_level = [&](std::size_t i) { return cells[i].level[axis] == cells[i - 1].level[axis]; };
  std::size_t up = split;
  while (up < box.end && same_level(up)) ++up;
  if (up < box.end) {
    split = up;
  } else {
    while (same_level(split)) --split;
  }
  Box low{box.begin, split}, high{split, box.end};
  measure(low, cells);
  measure(high, cells);
  return {low, high};
}

// The count-weighted mean colour of a box's cells.
std::array<std::uint8_t, 3> mean_color(const Box& box, const std::vector<OccupiedCell>& cells) {
  std::array<double, 3> sum{0.0, 0.0, 0.0};
  double weight = 0.0;
  for (std::size_t i = box.begin; i < box.end; ++i) {
    for (int a = 0; a < 3; ++a) sum[a] += static_cast<double>(cells[i].sum[a]);
    weight += static_cast<double>(cells[i].count);
  }
  std::array<std::uint8_t, 3> color;
  for (int a = 0; a < 3; ++a) color[a] = static_cast<std::uint8_t>(sum[a] / weight + 0.5);
  return color;
}

// The index of the palette colour nearest to cell c's centre.
std::uint8_t nearest_color(const std::vector<std::array<std::uint8_t, 3>>& colors, int c) {
  const int r = cell_center(c >> (2 * kPaletteCellBits));
  const int g = cell_center((c >> kPaletteCellBits) & (kLevels - 1));
  const int b = cell_center(c & (kLevels - 1));
  int best = 0;
  int best_distance = std::numeric_limits<int>::max();
  for (std::size_t i = 0; i < colors.size(); ++i) {
    const auto& p = colors[i];
    const int d = (r - p[0]) * (r - p[0]) + (g - p[1]) * (g - p[1]) + (b - p[2]) * (b - p[2]);
    if (d < best_distance) {
      best_distance = d;
      best = static_cast<int>(i);
    }
  }
  return static_cast<std::uint8_t>(best);
}

}  // namespace

void ColorHistogram::add(std::span<const std::uint8_t> rgba) {
  for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) {
    Cell& cell = cells_[static_cast<std::size_t>(cell_of(rgba[i], rgba[i + 1], rgba[i + 2]))];
    ++cell.count;
    for (int a = 0; a < 3; ++a) cell.sum[a] += rgba[i + a];
  }
}

GifPalette make_gif_palette(const ColorHistogram& histogram, int max_colors) {
  max_colors = std::clamp(max_colors, 1, 256);
  std::vector<OccupiedCell> cells = occupied_cells(histogram);
  GifPalette palette;
  palette.nearest.assign(kPaletteCells, 0);
  if (cells.empty()) {
    palette.colors.push_back({0, 0, 0});
    return palette;
  }
  std::vector<Box> boxes{{0, cells.size()}};
  measure(boxes[0], cells);
  while (static_cast<int>(boxes.size()) < max_colors) {
    // Splits the widest box that still holds more than one cell.
    auto widest = std::max_element(boxes.begin(), boxes.end(),
                                   [](const Box& a, const Box& b) { return a.extent < b.extent; });
    if (widest->extent <= 0) break;
    const auto [low, high] = split_box(*widest, cells);
    *widest = low;
    boxes.push_back(high);
  }
  for (const Box& box : boxes) palette.colors.push_back(mean_color(box, cells));
  for (int c = 0; c < kPaletteCells; ++c) {
    palette.nearest[static_cast<std::size_t>(c)] = nearest_color(palette.colors, c);
  }
  return palette;
}

void dither_to_palette(std::span<const std::uint8_t> rgba, int width, int height,
                       const GifPalette& palette, std::span<std::uint8_t> indices) {
  // The 8x8 Bayer matrix: thresholds 0..63 spread so that every 2x2, 4x4 block is balanced.
  static constexpr std::array<std::array<int, 8>, 8> kBayer{{
      {0, 32, 8, 40, 2, 34, 10, 42},
      {48, 16, 56, 24, 50, 18, 58, 26},
      {12, 44, 4, 36, 14, 46, 6, 38},
      {60, 28, 52, 20, 62, 30, 54, 22},
      {3, 35, 11, 43, 1, 33, 9, 41},
      {51, 19, 59, 27, 49, 17, 57, 25},
      {15, 47, 7, 39, 13, 45, 5, 37},
      {63, 31, 55, 23, 61, 29, 53, 21},
  }};
  constexpr int kAmplitude = 2 << (8 - kPaletteCellBits);  // two cells
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int bias = ((2 * kBayer[y & 7][x & 7] + 1) * kAmplitude) / 128 - kAmplitude / 2;
      const std::size_t p = (static_cast<std::size_t>(y) * width + x) * 4;
      const int r = std::clamp(rgba[p] + bias, 0, 255);
      const int g = std::clamp(rgba[p + 1] + bias, 0, 255);
      const int b = std::clamp(rgba[p + 2] + bias, 0, 255);
      indices[static_cast<std::size_t>(y) * width + x] =
          palette.nearest[static_cast<std::size_t>(cell_of(r, g, b))];
    }
  }
}

}  // namespace render
