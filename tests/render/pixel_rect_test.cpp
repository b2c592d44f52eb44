#include "render/pixel_rect.h"

#include <gtest/gtest.h>

namespace render {
namespace {

TEST(PixelRect, RectanglesMeetAndOverlapByTheirPixels) {
  EXPECT_FALSE(overlap({0, 0, 10, 10}, {10, 0, 10, 10}));  // side by side
  EXPECT_TRUE(overlap({0, 0, 11, 10}, {10, 0, 10, 10}));
  EXPECT_EQ(intersection({0, 0, 11, 10}, {10, 5, 10, 10}), (PixelRect{10, 5, 1, 5}));
  EXPECT_TRUE(intersection({0, 0, 10, 10}, {20, 30, 5, 5}).empty());  // apart: nothing shared
  EXPECT_FALSE(overlap({0, 0, 0, 10}, {0, 0, 10, 10}));  // an empty rectangle touches nothing
}

TEST(PixelRect, BoundingHoldsBothAndGrowingAddsAMargin) {
  EXPECT_EQ(bounding({0, 0, 10, 10}, {20, 30, 5, 5}), (PixelRect{0, 0, 25, 35}));
  EXPECT_EQ(bounding({4, 6, 2, 3}, {5, 7, 1, 1}), (PixelRect{4, 6, 2, 3}));  // one inside
  EXPECT_EQ(bounding({0, 0, 0, 0}, {20, 30, 5, 5}), (PixelRect{20, 30, 5, 5}));
  EXPECT_EQ(bounding({20, 30, 5, 5}, {-3, 9, 7, 0}), (PixelRect{20, 30, 5, 5}));
  EXPECT_TRUE(bounding({1, 2, 0, 5}, {3, 4, 5, 0}).empty());
  EXPECT_EQ(grown({10, 20, 3, 4}, 6), (PixelRect{4, 14, 15, 16}));
  EXPECT_TRUE(grown({10, 20, 0, 4}, 6).empty());
}

TEST(PixelRect, OutsideAHoleAreTheRowsBelowAndAboveThenTheColumnsBeside) {
  // r: x 0-9, y 0-7; the hole x 3-4, y 2-4.
  const std::array<PixelRect, 4> parts = outside({0, 0, 10, 8}, {3, 2, 2, 3});
  EXPECT_EQ(parts[0], (PixelRect{0, 0, 10, 2}));
  EXPECT_EQ(parts[1], (PixelRect{0, 5, 10, 3}));
  EXPECT_EQ(parts[2], (PixelRect{0, 2, 3, 3}));
  EXPECT_EQ(parts[3], (PixelRect{5, 2, 5, 3}));
  int covered = 0;  // 80 pixels less the hole's 6
  for (const PixelRect& p : parts) covered += p.empty() ? 0 : p.width * p.height;
  EXPECT_EQ(covered, 74);
  // A hole reaching past r's left and bottom is cut to r first.
  const std::array<PixelRect, 4> corner = outside({0, 0, 10, 8}, {-5, -5, 8, 7});
  EXPECT_TRUE(corner[0].empty());
  EXPECT_EQ(corner[1], (PixelRect{0, 2, 10, 6}));
  EXPECT_TRUE(corner[2].empty());
  EXPECT_EQ(corner[3], (PixelRect{3, 0, 7, 2}));
  // Apart: all of r, once.
  const std::array<PixelRect, 4> apart = outside({0, 0, 10, 8}, {20, 0, 5, 5});
  EXPECT_EQ(apart[0], (PixelRect{0, 0, 10, 8}));
  EXPECT_TRUE(apart[1].empty() && apart[2].empty() && apart[3].empty());
}

}  // namespace
}  // namespace render
