#include "render/orbit_camera.h"

#include <cmath>

#include <gtest/gtest.h>

namespace render {
namespace {

TEST(KeepAboveGround, RaisesThePitchJustEnoughAndKeepsDistanceAndYaw) {
  OrbitCamera camera;
  camera.target = {0.0f, 1.0f, 0.0f};
  camera.distance_m = 4.0f;
  camera.yaw = 0.3f;
  camera.pitch = -0.8f;  // eye at 1 + 4 sin(-0.8) = -1.87 m: under the floor
  keep_above_ground(camera, 0.0f, 0.05f);
  EXPECT_NEAR(camera.eye().y, 0.05f, 1e-5f);
  EXPECT_NEAR(camera.pitch, std::asin((0.05f - 1.0f) / 4.0f), 1e-6f);
  EXPECT_FLOAT_EQ(camera.distance_m, 4.0f);
  EXPECT_FLOAT_EQ(camera.yaw, 0.3f);
}

TEST(KeepAboveGround, LeavesACameraAboveTheGroundAlone) {
  OrbitCamera camera;
  camera.pitch = -0.1f;  // eye at 0.9 - 0.4 = 0.5 m
  const OrbitCamera before = camera;
  keep_above_ground(camera, 0.0f);
  EXPECT_EQ(camera.pitch, before.pitch);
  EXPECT_EQ(camera.target, before.target);
}

TEST(KeepAboveGround, LiftsATargetPannedUnderRaisedGround) {
  OrbitCamera camera;
  camera.target = {0.0f, 0.2f, 0.0f};
  camera.pitch = 0.2f;  // looking down, but the ground (a stair) is at 1 m
  keep_above_ground(camera, 1.0f, 0.05f);
  EXPECT_FLOAT_EQ(camera.target.y, 1.05f);
  EXPECT_FLOAT_EQ(camera.pitch, 0.2f);  // already looking down from above the target
  EXPECT_GE(camera.eye().y, 1.05f);
}

TEST(OrbitCameraFrame, FitsTheBoxAndScalesTheClipPlanesForAnySize) {
  for (float size : {0.001f, 0.02f, 0.1f, 1.8f, 150.0f}) {  // a pin head, a 2 cm prop, ...
    OrbitCamera camera;
    camera.frame(glm::vec3(-0.5f * size, 0.0f, -0.5f * size),
                 glm::vec3(0.5f * size, size, 0.5f * size));
    EXPECT_EQ(camera.target, glm::vec3(0.0f, 0.5f * size, 0.0f));
    const float radius = std::max(0.5f * std::sqrt(3.0f) * size, kMinFramedRadius_m);
    EXPECT_NEAR(camera.distance_m, radius / std::sin(0.5f * camera.fov_y) * 1.1f, 1e-3f * size);
    EXPECT_LT(camera.near_m, camera.distance_m - radius);  // nothing cut at the front
    EXPECT_GT(camera.far_m, camera.distance_m + radius);   // nor at the back
    const float before = camera.distance_m;
    camera.dolly(2.0f);  // zooming out works at every scale
    EXPECT_FLOAT_EQ(camera.distance_m, 2.0f * before);
  }
}

TEST(AxisViews, LookAlongTheAxesOrthographically) {
  OrbitCamera camera;
  camera.target = {1.0f, 1.0f, 0.0f};
  camera.distance_m = 5.0f;
  look_along(camera, AxisView::Front);
  EXPECT_TRUE(camera.orthographic);
  EXPECT_NEAR(glm::distance(camera.eye(), glm::vec3(1.0f, 1.0f, 5.0f)), 0.0f, 1e-5f);
  look_along(camera, AxisView::Right);
  EXPECT_NEAR(glm::distance(camera.eye(), glm::vec3(6.0f, 1.0f, 0.0f)), 0.0f, 1e-5f);
  look_along(camera, AxisView::Top);
  EXPECT_GT(camera.eye().y, 5.99f - 0.01f);
}

// An orthographic view shows the same height of the world at the target as the perspective one:
// a point half that height above the target lands on the top edge in both.
TEST(AxisViews, OrthographicKeepsTheSizeAtTheTarget) {
  OrbitCamera camera;
  camera.target = {0.0f, 0.0f, 0.0f};
  camera.yaw = 0.0f, camera.pitch = 0.0f;
  camera.distance_m = 4.0f;
  const float half = 4.0f * std::tan(0.5f * camera.fov_y);
  for (bool ortho : {false, true}) {
    camera.orthographic = ortho;
    const glm::vec4 clip =
        camera.projection(16.0f / 9.0f) * camera.view() * glm::vec4(0.0f, half, 0.0f, 1.0f);
    EXPECT_NEAR(clip.y / clip.w, 1.0f, 1e-5f) << (ortho ? "ortho" : "perspective");
  }
}

}  // namespace
}  // namespace render
