// A target dragged in the 3D view: drawn where the camera projects it, and moved on the plane
// through it that faces the camera, by as far as a pixel reaches at its depth.
#include "ui/target_handle.h"

#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace ui {
namespace {

// A camera at (0, 1, 5) looking along -Z, 90 degrees of vertical field of view, drawing into
// 400 x 200 pixels at (100, 50): at depth d one pixel is 2 d tan(45 deg) / 200 = d / 100 m.
const glm::mat4 kViewProjection =
    glm::perspective(glm::radians(90.0f), 2.0f, 0.1f, 100.0f) *
    glm::lookAt(glm::vec3(0, 1, 5), glm::vec3(0, 1, 0), glm::vec3(0, 1, 0));
const glm::vec4 kViewport(100.0f, 50.0f, 400.0f, 200.0f);

TEST(TargetHandle, APointIsDrawnWhereTheCameraProjectsIt) {
  glm::vec3 at(0.0f);
  // On the view axis: the middle of the viewport.
  ASSERT_TRUE(point_pixel({0, 1, 0}, kViewProjection, kViewport, at));
  EXPECT_NEAR(at.x, 300.0f, 1e-3f);
  EXPECT_NEAR(at.y, 150.0f, 1e-3f);
  // 1 m right and 0.5 m up at depth 5 (0.05 m a pixel): 20 px right and 10 px up.
  ASSERT_TRUE(point_pixel({1, 1.5f, 0}, kViewProjection, kViewport, at));
  EXPECT_NEAR(at.x, 320.0f, 1e-3f);
  EXPECT_NEAR(at.y, 140.0f, 1e-3f);
  EXPECT_FALSE(point_pixel({0, 1, 6}, kViewProjection, kViewport, at)) << "behind the camera";
}

TEST(TargetHandle, ADragMovesThePointAtItsDepth) {
  const glm::vec3 p(0.5f, 1.2f, 1.0f);  // depth 4: 0.04 m a pixel
  glm::vec3 at(0.0f);
  ASSERT_TRUE(point_pixel(p, kViewProjection, kViewport, at));
  const glm::vec3 same = drag_at_depth(p, kViewProjection, kViewport, glm::vec2(at));
  EXPECT_NEAR(glm::distance(same, p), 0.0f, 1e-5f);
  // 50 px right and 25 px down: 2 m right and 1 m down, the depth kept.
  const glm::vec3 moved =
      drag_at_depth(p, kViewProjection, kViewport, glm::vec2(at) + glm::vec2(50.0f, 25.0f));
  EXPECT_NEAR(moved.x, 2.5f, 1e-4f);
  EXPECT_NEAR(moved.y, 0.2f, 1e-4f);
  EXPECT_NEAR(moved.z, 1.0f, 1e-4f);
}

}  // namespace
}  // namespace ui
