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

}  // namespace
}  // namespace render
