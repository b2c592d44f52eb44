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

}  // namespace
}  // namespace render
