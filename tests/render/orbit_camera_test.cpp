#include "render/orbit_camera.h"

#include <algorithm>
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

// A thing of a few centimetres or less resting on the ground (an FBX prop of 0.02 cm units, a
// 2 cm part), framed and then kept above the ground as pictures and the viewer do, stays whole
// and large in the picture: the eye's clearance follows the camera's distance. (A fixed 5 cm
// lifted the target above a 2 cm sphere, which fell out of the picture's bottom.)
TEST(KeepAboveGround, KeepsATinyThingOnTheGroundFramed) {
  for (float size : {0.0002f, 0.02f}) {
    OrbitCamera camera;
    const glm::vec3 lo(-0.5f * size), hi(0.5f * size);  // half under the ground, as a sphere
    camera.frame(lo, hi, 4.0f / 3.0f);
    keep_above_ground(camera, 0.0f);
    EXPECT_GE(camera.eye().y, 0.0f) << size;
    const glm::mat4 vp = camera.projection(4.0f / 3.0f) * camera.view();
    float reach = 0.0f;
    for (int c = 0; c < 8; ++c) {
      const glm::vec4 clip =
          vp * glm::vec4((c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y, (c & 4) ? hi.z : lo.z, 1.0f);
      ASSERT_GT(clip.w, 0.0f) << size;
      const glm::vec3 ndc = glm::vec3(clip) / clip.w;
      EXPECT_LE(std::fabs(ndc.x), 1.0f) << size;
      EXPECT_LE(std::fabs(ndc.y), 1.0f) << size;
      EXPECT_LE(std::fabs(ndc.z), 1.0f) << size;
      reach = std::max({reach, std::fabs(ndc.x), std::fabs(ndc.y)});
    }
    EXPECT_GT(reach, 0.8f) << size << ": the box fills most of the picture";
  }
}

// Every corner of the box lands inside the picture, and the box fills it up to the margin (a
// corner reaches 1 / 1.1 of the half-width or half-height), at any size, angle, aspect and
// projection; the clip planes keep the whole box.
TEST(OrbitCameraFrame, FitsTheBoxCornersTightlyForAnySizeAngleAndAspect) {
  const glm::vec3 shapes[] = {{0.5f, 1.8f, 0.4f}, {1.0f, 1.0f, 1.0f}, {72.0f, 1.8f, 1.8f}};
  for (const glm::vec3& shape : shapes) {
    for (float size : {0.001f, 0.02f, 1.0f, 150.0f}) {
      for (float aspect : {0.5f, 1.0f, 16.0f / 9.0f}) {
        for (bool orthographic : {false, true}) {
          for (const glm::vec2 angles : {glm::vec2(0.6f, 0.25f), glm::vec2(-2.0f, 1.2f)}) {
            OrbitCamera camera;
            camera.yaw = angles.x;
            camera.pitch = angles.y;
            camera.orthographic = orthographic;
            const glm::vec3 lo = -0.5f * size * shape + glm::vec3(3.0f, 1.0f, -2.0f);
            const glm::vec3 hi = 0.5f * size * shape + glm::vec3(3.0f, 1.0f, -2.0f);
            camera.frame(lo, hi, aspect);
            EXPECT_EQ(camera.target, 0.5f * (lo + hi));
            const glm::mat4 vp = camera.projection(aspect) * camera.view();
            float reach = 0.0f;
            for (int c = 0; c < 8; ++c) {
              const glm::vec4 clip = vp * glm::vec4((c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y,
                                                    (c & 4) ? hi.z : lo.z, 1.0f);
              ASSERT_GT(clip.w, 0.0f);
              const glm::vec3 ndc = glm::vec3(clip) / clip.w;
              EXPECT_LE(std::fabs(ndc.x), 1.0f + 1e-4f) << size << " " << aspect;
              EXPECT_LE(std::fabs(ndc.y), 1.0f + 1e-4f) << size << " " << aspect;
              EXPECT_LE(std::fabs(ndc.z), 1.0f) << size << " " << aspect;  // within near..far
              reach = std::max({reach, std::fabs(ndc.x), std::fabs(ndc.y)});
            }
            // Even a 1 mm pin fills the picture: only a box that is a point is framed at a
            // floor (kMinFramedRadius_m).
            EXPECT_NEAR(reach, 1.0f / 1.1f, 0.01f) << size << " " << aspect;
            const float before = camera.distance_m;
            camera.dolly(2.0f);  // zooming out works at every scale
            EXPECT_FLOAT_EQ(camera.distance_m, 2.0f * before);
          }
        }
      }
    }
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
