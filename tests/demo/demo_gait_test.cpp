#include "demo/demo_gait.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "anim/root_motion.h"
#include "demo/demo_skeleton.h"
#include "support/demo_test_support.h"

namespace demo {
namespace {

using demo_test::clip_named;
using demo_test::ClipPlayer;
using demo_test::demo;
using demo_test::marker_time;

constexpr float kMillimetre = 0.001f;
// The ball of the foot (toes joint) rests 2 cm above the floor in the rest pose.
constexpr float kBallRestHeight_m = 0.02f;

std::vector<GaitSpec> stepping_specs() {
  std::vector<GaitSpec> specs;
  for (const GaitSpec& spec : demo_gait_specs()) {
    if (spec.duty_factor < 1.0f) specs.push_back(spec);
  }
  return specs;
}

// The stance of one foot as an interval of unwrapped time [down, up), up > down.
std::pair<float, float> stance(const anim::Clip& clip, const std::string& side) {
  const float down = marker_time(clip, "foot_" + side + "_down");
  float up = marker_time(clip, "foot_" + side + "_up");
  if (up <= down) up += clip.duration_s;
  return {down, up};
}

TEST(DemoGait, EveryGaitHasAClipWithMarkersForBothFeet) {
  ASSERT_EQ(demo_gait_specs().size(), 20u);
  for (const GaitSpec& spec : stepping_specs()) {
    const anim::Clip& clip = clip_named(spec.name);
    ASSERT_EQ(clip.name, spec.name);
    EXPECT_TRUE(anim::validate(clip).empty()) << anim::validate(clip);
    EXPECT_FLOAT_EQ(clip.duration_s, spec.cycle_s);
    ASSERT_EQ(clip.markers.size(), 4u) << spec.name;
    EXPECT_FLOAT_EQ(marker_time(clip, "foot_l_down"), 0.0f);
    EXPECT_NEAR(marker_time(clip, "foot_r_down"), 0.5f * spec.cycle_s, 1e-6f);
    EXPECT_NEAR(marker_time(clip, "foot_l_up"), spec.duty_factor * spec.cycle_s, 1e-6f);
  }
  EXPECT_TRUE(clip_named("idle").markers.empty());
}

// The hard promise of the demo: with root motion applied, a planted foot does not slide. The
// ball of the foot is checked between the key times too (linear interpolation), over a stance
// that may wrap around the loop.
TEST(DemoGait, PlantedFootStaysWithinAMillimetreDuringStance) {
  for (const GaitSpec& spec : stepping_specs()) {
    const anim::Clip& clip = clip_named(spec.name);
    ClipPlayer player(demo(), clip);
    for (const std::string side : {"l", "r"}) {
      const auto [down, up] = stance(clip, side);
      const glm::vec3 planted = player.joint_position("toes_" + side, down);
      EXPECT_NEAR(planted.y, kBallRestHeight_m, kMillimetre) << spec.name << " " << side;
      float worst = 0.0f;
      for (float t = down; t <= up; t += 1.0f / 240.0f) {
        worst = std::max(worst, glm::length(player.joint_position("toes_" + side, t) - planted));
      }
      EXPECT_LT(worst, kMillimetre) << spec.name << " foot " << side;
    }
  }
}

TEST(DemoGait, IdleKeepsBothFeetOnTheSpotWhileTheHipsSway) {
  const anim::Clip& clip = clip_named("idle");
  ClipPlayer player(demo(), clip);
  for (const std::string joint : {"foot_l", "toes_l", "foot_r", "toes_r"}) {
    const glm::vec3 start = player.joint_position(joint, 0.0f);
    for (float t = 0.0f; t < 2.0f * clip.duration_s; t += 0.01f) {
      ASSERT_LT(glm::length(player.joint_position(joint, t) - start), kMillimetre) << joint;
    }
  }
  // Weight shift: the hips move sideways by the generated sway (3 cm each way).
  float left = 0.0f, right = 0.0f;
  for (float t = 0.0f; t < clip.duration_s; t += 0.01f) {
    left = std::max(left, player.joint_position("hips", t).x);
    right = std::min(right, player.joint_position("hips", t).x);
  }
  EXPECT_NEAR(left, 0.03f, 0.002f);
  EXPECT_NEAR(right, -0.03f, 0.002f);
}

TEST(DemoGait, LoopsCloseWithoutASeam) {
  const anim::Skeleton& skeleton = demo().skeleton;
  for (const anim::Clip& clip : demo().clips) {
    const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
    for (int j = 1; j < skeleton.joint_count(); ++j) {
      const anim::Transform first = anim::sample_joint(clip, binding, skeleton, j, 0.0f);
      const anim::Transform last = anim::sample_joint(clip, binding, skeleton, j, clip.duration_s);
      EXPECT_GT(std::abs(glm::dot(first.rotation, last.rotation)), 1.0f - 1e-6f)
          << clip.name << " " << skeleton.joint_names[j];
      EXPECT_LT(glm::length(first.translation - last.translation), 1e-6f) << clip.name;
    }
    // The root ends where one cycle of root motion (on the ground, about +Y) puts it.
    const anim::Transform first = anim::sample_joint(clip, binding, skeleton, 0, 0.0f);
    const anim::Transform last = anim::sample_joint(clip, binding, skeleton, 0, clip.duration_s);
    EXPECT_NEAR(first.translation.y, last.translation.y, 1e-6f) << clip.name;
    const glm::quat turn = last.rotation * glm::conjugate(first.rotation);
    EXPECT_NEAR(std::abs(turn.y), std::sqrt(std::max(0.0f, 1.0f - turn.w * turn.w)), 1e-5f)
        << clip.name;
  }
}

// Speed = root displacement per cycle / duration, measured with the runtime's root-motion
// extraction, against the velocity each gait was generated for.
TEST(DemoGait, RootMotionPerCycleMatchesTheGaitVelocity) {
  const anim::Skeleton& skeleton = demo().skeleton;
  for (const GaitSpec& spec : demo_gait_specs()) {
    const anim::Clip& clip = clip_named(spec.name);
    const anim::ClipBinding binding = anim::bind_clip(clip, skeleton);
    const anim::RootMotionDelta cycle =
        anim::extract_root_motion(clip, binding, skeleton, {}, 0.0f, clip.duration_s);
    const glm::vec2 velocity =
        glm::vec2(cycle.translation.x, cycle.translation.z) / clip.duration_s;
    const float speed = glm::length(spec.velocity_mps);
    EXPECT_LE(glm::length(velocity - spec.velocity_mps), std::max(0.01f * speed, 1e-4f))
        << spec.name << " moves at (" << velocity.x << ", " << velocity.y << ")";
    EXPECT_NEAR(cycle.yaw_rad / clip.duration_s, spec.turn_rate_rad_s, 1e-4f) << spec.name;
  }
  EXPECT_NEAR(demo_turn_spec(true).turn_rate_rad_s * demo_turn_spec(true).cycle_s,
              std::numbers::pi_v<float> / 2.0f, 1e-6f);
}

// The down marker is when the ball of the foot arrives on the floor and stops; the up marker is
// when it starts to leave. One frame (1/30 s) away from each, the foot is visibly elsewhere.
TEST(DemoGait, FootMarkersAreWhenTheFootLandsAndLifts) {
  const float frame = 1.0f / 30.0f;
  for (const GaitSpec& spec : stepping_specs()) {
    const anim::Clip& clip = clip_named(spec.name);
    ClipPlayer player(demo(), clip);
    for (const std::string side : {"l", "r"}) {
      const std::string ball = "toes_" + side;
      const auto [down, up] = stance(clip, side);
      const glm::vec3 planted = player.joint_position(ball, down);
      EXPECT_LT(glm::length(player.joint_position(ball, down + 0.2f * (up - down)) - planted),
                kMillimetre)
          << spec.name << " " << side;
      EXPECT_GT(glm::length(player.joint_position(ball, down - frame) - planted), 2 * kMillimetre)
          << spec.name << ": foot " << side << " was already down before its marker";
      EXPECT_GT(glm::length(player.joint_position(ball, up + frame) - planted), 2 * kMillimetre)
          << spec.name << ": foot " << side << " is still down after its marker";
    }
  }
}

// Walking: step length = 0.24 * height * cadence, where a step is the time between the two
// feet landing.
TEST(DemoGait, WalkStepLengthFollowsTheHumanGaitRelation) {
  for (const DemoDirection& direction : demo_directions()) {
    const GaitSpec spec = demo_walk_spec(direction.name, direction.unit);
    const anim::Clip& clip = clip_named(spec.name);
    const float step_s = marker_time(clip, "foot_r_down") - marker_time(clip, "foot_l_down");
    const float cadence = 1.0f / step_s;
    ClipPlayer player(demo(), clip);
    const glm::vec3 travelled =
        player.joint_position("hips", clip.duration_s) - player.joint_position("hips", 0.0f);
    const float step_length = glm::length(glm::vec2(travelled.x, travelled.z)) / 2.0f;
    EXPECT_NEAR(step_length, 0.24f * kDemoHeight_m * cadence, 0.01f * step_length) << spec.name;
    EXPECT_LT(cadence, kRunningCadence_steps_per_s) << spec.name;
  }
}

// Jogs and runs step faster than the walk-run threshold and have a flight phase: after a foot
// lifts, both feet are off the floor before the other lands.
TEST(DemoGait, JogsAndRunsHaveAFlightPhase) {
  for (const GaitSpec& spec : stepping_specs()) {
    if (spec.name.rfind("jog", 0) != 0 && spec.name.rfind("run", 0) != 0) continue;
    const anim::Clip& clip = clip_named(spec.name);
    const float left_up = marker_time(clip, "foot_l_up");
    const float right_down = marker_time(clip, "foot_r_down");
    EXPECT_GT(1.0f / right_down, kRunningCadence_steps_per_s) << spec.name;
    ASSERT_LT(left_up, right_down) << spec.name;
    ClipPlayer player(demo(), clip);
    const float mid_flight = 0.5f * (left_up + right_down);
    EXPECT_GT(player.joint_position("toes_l", mid_flight).y, kBallRestHeight_m + 0.005f);
    EXPECT_GT(player.joint_position("toes_r", mid_flight).y, kBallRestHeight_m + 0.005f);
  }
}

// Directional locomotion keeps the torso facing forward: the chest's forward axis stays within
// 15 degrees of +Z whichever way the character moves.
TEST(DemoGait, TorsoFacesForwardInEveryDirection) {
  for (const GaitSpec& spec : demo_gait_specs()) {
    if (spec.turn_rate_rad_s != 0.0f) continue;
    ClipPlayer player(demo(), clip_named(spec.name));
    const int chest = demo().skeleton.find_joint("chest");
    for (float t = 0.0f; t < spec.cycle_s; t += 0.05f) {
      const glm::vec3 forward = glm::vec3(player.model_at(t)[chest][2]);
      const float yaw = std::atan2(forward.x, forward.z);
      EXPECT_LT(std::abs(yaw), 0.26f) << spec.name << " at " << t;
    }
  }
}

}  // namespace
}  // namespace demo
