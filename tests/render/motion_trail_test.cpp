// A motion trail drawn for real: coloured by speed (blue where the joint is slowest, red at the
// trail's fastest, halfway between at half its speed; a still trail stays blue), its segments
// and per-frame ticks where its points project, a keyed frame's tick larger than a plain one,
// and the playhead's point marked white.
#include "render/motion_trail.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "line_picture.h"
#include "render/frame_capture.h"
#include "render/offscreen_target.h"

namespace render {
namespace {

void expect_colour(const glm::vec3& c, float r, float g, float b) {
  EXPECT_NEAR(c.x, r, 1e-6f);
  EXPECT_NEAR(c.y, g, 1e-6f);
  EXPECT_NEAR(c.z, b, 1e-6f);
}

TEST(MotionTrail, SpeedRunsFromBlueToRed) {
  expect_colour(trail_speed_colour(0.0f, 2.0f), 0.2f, 0.5f, 1.0f);
  expect_colour(trail_speed_colour(2.0f, 2.0f), 1.0f, 0.25f, 0.15f);
  expect_colour(trail_speed_colour(1.0f, 2.0f), 0.6f, 0.375f, 0.575f);
  expect_colour(trail_speed_colour(5.0f, 2.0f), 1.0f, 0.25f, 0.15f);  // clamped
  expect_colour(trail_speed_colour(0.0f, 0.0f), 0.2f, 0.5f, 1.0f);
}

class MotionTrailPicture : public testing::LinePictureTest {
 protected:
  // trail seen from the front.
  Image draw(const MotionTrail& trail, float tick_m) {
    return draw_lines([&](LineRenderer& lines) { add_motion_trail(lines, trail, tick_m); });
  }
};

// Three points along x at y = 0; the middle is keyed and fastest, the last is the playhead.
TEST_F(MotionTrailPicture, SegmentsTicksKeysAndThePlayheadLandWhereTheyProject) {
  MotionTrail trail;
  trail.points = {{-0.6f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, {0.6f, 0.0f, 0.0f}};
  trail.speeds = {0.0f, 2.0f, 1.0f};
  trail.keyed = {0, 1, 0};
  trail.playhead = 2;
  constexpr float kTick_m = 0.05f;  // 6.4 px either side of a plain tick's centre
  const Image image = draw(trail, kTick_m);
  // Half-way along the second segment: the colour of the fastest point's speed, red.
  const glm::ivec3 red = brightest_near(image, {-0.3f, 0.0f, 0.0f});
  EXPECT_GE(red.x, 245);
  EXPECT_NEAR(red.y, 64, 10);
  // The first point's tick reaches 0.05 m up, blue; not 0.1 m.
  const glm::ivec3 tick = brightest_near(image, {-0.6f, 0.04f, 0.0f});
  EXPECT_NEAR(tick.x, 51, 10);
  EXPECT_GE(tick.z, 245);
  EXPECT_LE(brightest_near(image, {-0.6f, 0.1f, 0.0f}).z, 2);
  // The keyed point's tick is 2.5 times longer: still drawn 0.1 m up.
  EXPECT_GE(brightest_near(image, {0.0f, 0.1f, 0.0f}).x, 245);
  // The playhead's cross is white and 4 ticks long.
  const glm::ivec3 white = brightest_near(image, {0.6f, 0.18f, 0.0f});
  EXPECT_GE(std::min({white.x, white.y, white.z}), 245);
  // Away from the trail: black.
  EXPECT_LE(brightest_near(image, {0.0f, 0.5f, 0.0f}).x, 2);
}

TEST_F(MotionTrailPicture, ATrailWhoseSpansDifferDrawsNothing) {
  MotionTrail trail;
  trail.points = {{-0.6f, 0.0f, 0.0f}, {0.6f, 0.0f, 0.0f}};
  trail.speeds = {1.0f, 1.0f};
  trail.keyed = {0};
  const Image image = draw(trail, 0.05f);
  EXPECT_LE(brightest_near(image, {0.0f, 0.0f, 0.0f}).z, 2);
}

}  // namespace
}  // namespace render
