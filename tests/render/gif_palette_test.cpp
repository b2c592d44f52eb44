// The GIF palette made for a clip: median cut keeps the colours a clip uses, and the ordered
// dither maps each pixel onto it.
#include "render/gif_palette.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <vector>

namespace {

using render::ColorHistogram;
using render::GifPalette;

std::vector<std::uint8_t> flat(int pixels, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(pixels) * 4, 255);
  for (std::size_t i = 0; i < rgba.size(); i += 4) {
    rgba[i] = r;
    rgba[i + 1] = g;
    rgba[i + 2] = b;
  }
  return rgba;
}

int distance(const std::array<std::uint8_t, 3>& c, int r, int g, int b) {
  return std::max({std::abs(c[0] - r), std::abs(c[1] - g), std::abs(c[2] - b)});
}

}  // namespace

TEST(GifPalette, KeepsEachColourOfAFewColourClipAndMapsItToItself) {
  ColorHistogram histogram;
  histogram.add(flat(100, 255, 0, 0));
  histogram.add(flat(10, 0, 0, 255));
  histogram.add(flat(1, 46, 48, 56));  // the viewer's background
  const GifPalette palette = render::make_gif_palette(histogram);
  ASSERT_EQ(palette.colors.size(), 3u);
  std::vector<std::uint8_t> indices(1);
  for (const auto& c : std::vector<std::array<int, 3>>{{255, 0, 0}, {0, 0, 255}, {46, 48, 56}}) {
    const auto pixel = flat(1, static_cast<std::uint8_t>(c[0]), static_cast<std::uint8_t>(c[1]),
                            static_cast<std::uint8_t>(c[2]));
    render::dither_to_palette(pixel, 1, 1, palette, indices);
    EXPECT_EQ(distance(palette.colors[indices[0]], c[0], c[1], c[2]), 0) << c[0] << "," << c[1];
  }
}

TEST(GifPalette, CutsAClipOfManyColoursIntoAtMostTheAskedNumber) {
  ColorHistogram histogram;
  std::vector<std::uint8_t> ramp;
  for (int r = 0; r < 256; r += 4) {
    for (int g = 0; g < 256; g += 4) {
      const auto pixel = flat(1, static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), 128);
      ramp.insert(ramp.end(), pixel.begin(), pixel.end());
    }
  }
  histogram.add(ramp);
  const GifPalette full = render::make_gif_palette(histogram);
  EXPECT_EQ(full.colors.size(), 256u);
  const GifPalette small = render::make_gif_palette(histogram, 16);
  EXPECT_EQ(small.colors.size(), 16u);
  std::set<std::array<std::uint8_t, 3>> distinct(small.colors.begin(), small.colors.end());
  EXPECT_EQ(distinct.size(), 16u);
  // Every colour of the ramp lies within a box's reach of its nearest palette colour.
  for (int r = 0; r < 256; r += 4) {
    for (int g = 0; g < 256; g += 4) {
      const int cell = ((r >> 3) << 10) | ((g >> 3) << 5) | (128 >> 3);
      EXPECT_LE(distance(full.colors[full.nearest[static_cast<std::size_t>(cell)]], r, g, 128), 24);
    }
  }
}

TEST(GifPalette, AnEmptyClipGivesOneBlackColour) {
  const GifPalette palette = render::make_gif_palette(ColorHistogram{});
  ASSERT_EQ(palette.colors.size(), 1u);
  EXPECT_EQ(palette.colors[0], (std::array<std::uint8_t, 3>{0, 0, 0}));
}

TEST(GifPalette, GreyHalfwayBetweenTwoColoursDithersToHalfOfEach) {
  ColorHistogram histogram;
  histogram.add(flat(1, 0, 0, 0));
  histogram.add(flat(1, 255, 255, 255));
  const GifPalette palette = render::make_gif_palette(histogram);
  ASSERT_EQ(palette.colors.size(), 2u);
  const auto grey = flat(64, 128, 128, 128);
  std::vector<std::uint8_t> indices(64);
  render::dither_to_palette(grey, 8, 8, palette, indices);
  int white = 0;
  for (std::uint8_t i : indices) white += palette.colors[i][0] == 255;
  // Half of the 8x8 Bayer thresholds lie on each side of the midpoint.
  EXPECT_EQ(white, 32);
  // Black and white themselves do not dither.
  const auto black = flat(64, 0, 0, 0);
  render::dither_to_palette(black, 8, 8, palette, indices);
  for (std::uint8_t i : indices) EXPECT_EQ(palette.colors[i][0], 0);
}
