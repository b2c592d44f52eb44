// The side-by-side view's arithmetic: how the viewport splits, and the half's projection against
// the camera's own.
#include "render/viewport_split.h"

#include <gtest/gtest.h>

#include "render/orbit_camera.h"

namespace {

TEST(SplitSideBySide, HalvesCoverTheViewportExactlyWithTheOddPixelOnTheRight) {
  const auto halves = render::split_side_by_side({340, 30, 511, 572});
  EXPECT_EQ(halves[0].x, 340);
  EXPECT_EQ(halves[0].width, 255);
  EXPECT_EQ(halves[1].x, 595);
  EXPECT_EQ(halves[1].width, 256);
  for (const render::PixelRect& half : halves) {
    EXPECT_EQ(half.y, 30);
    EXPECT_EQ(half.height, 572);
  }
}

TEST(HalfViewProjection, EqualsTheCamerasProjectionForTheHalfsAspect) {
  render::OrbitCamera camera;
  camera.frame({-0.4f, 0.0f, -0.2f}, {0.4f, 1.8f, 0.2f}, 480.0f / 720.0f);
  const int width = 960, height = 720;
  for (const int half : {480, 481}) {
    const glm::mat4 expected = camera.projection(static_cast<float>(half) / height) * camera.view();
    const glm::mat4 got = render::half_view_projection(
        camera.projection(static_cast<float>(width) / height) * camera.view(), width, half);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(got[c][r], expected[c][r], 1e-5f) << c << r;
    }
  }
  // A point on the view's centre line stays there; one at the whole view's right edge (clip x
  // = 1) lies twice as far out in a half as wide.
  const glm::mat4 vp(1.0f);
  EXPECT_FLOAT_EQ((render::half_view_projection(vp, 800, 400) * glm::vec4(0.5f, 0.3f, 0, 1)).x,
                  1.0f);
  EXPECT_FLOAT_EQ((render::half_view_projection(vp, 800, 400) * glm::vec4(0.0f, 0.3f, 0, 1)).y,
                  0.3f);
}

}  // namespace
