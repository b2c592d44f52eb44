// Motion matching under locomotion warping on the demo character: the controller's trajectory
// asks the instance for its velocity (anim/motion_matching_warping.h), so stride warping scales
// the matched walk's stride to the trajectory's speed, as it does for a blend space's point.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "anim/foot_contact.h"
#include "anim/foot_slide.h"
#include "anim/motion_matching_warping.h"
#include "demo/demo_character.h"
#include "demo/demo_gait.h"
#include "demo_motion_matching.h"
#include "project/demo_project.h"
#include "project/motion_matching_build.h"
#include "project/project_binding.h"

namespace {

using test::demo;
using test::demo_build;

constexpr float kFrame_s = 1.0f / 60.0f;
constexpr int kFrames = 270;          // 4.5 s
constexpr int kSettledFrame = 90;     // 1.5 s: see steer
constexpr float kAskedScale = 1.25f;  // the trajectory's speed over the walk's

struct SteerRun {
  float speed_mps = 0.0f;     // of the character over the settled frames
  float heading_rad = 0.0f;   // of its travel then (counter-clockwise from above, +z toward +x)
  float hip_turn_rad = 0.0f;  // the orientation warp's mean over the settled frames
  float slide_share = 0.0f;   // the largest mean slide of a planted step, share of the leg
  float ratio = 1.0f;         // the last frame's stride ratio and play rate
  float rate = 1.0f;
};

// What is asked of steer: the speed, its heading (the character keeps facing +z), and which
// warps are on.
struct Steering {
  float speed_mps = 0.0f;
  float heading_rad = 0.0f;
  bool stride_warping = true;
  bool orientation_warping = false;
};

// Steers the demo's motion matching (its walk_forward alone enabled) at the speed and heading
// asked, facing +z, for 4.5 s and plays it on an instance with root motion applied, stride warping
// as asked. The trajectory's velocity (a critically damped spring, half-life 0.3 s) is within 0.8%
// of the asked one after 1.5 s ((1 + y t) e^(-y t), y = 2 ln 2 / 0.3 s): the speed is measured from
// then on. clear_request: the instance's request is cleared before each update (nothing asked).
SteerRun steer(const Steering& asked, bool clear_request = false) {
  SteerRun run;
  const project::MotionMatchingBuild& build = demo_build();
  EXPECT_TRUE(build.ok()) << build.error;
  project::BoundProject bound;
  EXPECT_EQ(project::bind_project(project::make_demo_project(), demo(), {}, bound), "");
  const int walk = bound.character->find_clip("walk_forward");
  EXPECT_GE(walk, 0);
  if (walk < 0) return run;
  // The controller's clip indices are the instance's (its contacts are read by them).
  EXPECT_EQ(demo().clips[static_cast<std::size_t>(walk)].name, "walk_forward");
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(build.database);
  anim::MotionMatchingController controller;
  EXPECT_TRUE(controller.init(demo().skeleton, build.controller_clips(), build.database, bounds,
                              build.joints.root));
  anim::CharacterInstance instance;
  EXPECT_EQ(instance.bind(*bound.character, *bound.graph), "");
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = build.joints.root;
  settings.stride_warping = asked.stride_warping;
  settings.orientation_warping = asked.orientation_warping;
  EXPECT_EQ(instance.set_settings(settings), "");
  const anim::FootIkRig& rig = instance.foot_rig();
  EXPECT_FALSE(rig.legs.empty());
  std::vector<std::uint8_t> enabled(demo().clips.size(), 0);
  enabled[static_cast<std::size_t>(walk)] = 1;
  anim::MotionMatchingInput input;
  input.desired_velocity =
      asked.speed_mps * glm::vec3(std::sin(asked.heading_rad), 0.0f, std::cos(asked.heading_rad));
  input.clip_enabled = enabled;
  std::vector<anim::Transform> pose(demo().skeleton.parents.size());
  std::vector<anim::FootSlide> feet(rig.legs.size());
  anim::Parameters parameters;
  const anim::Terrain flat;
  glm::vec3 settled_at(0.0f);
  for (int f = 1; f <= kFrames; ++f) {
    anim::ExternalPose source;
    EXPECT_TRUE(anim::advance_motion_matching(controller, input, kFrame_s, instance, pose, source));
    if (clear_request) source.requested_velocity_mps.reset();
    instance.set_external_source(source);
    EXPECT_TRUE(instance.update(kFrame_s, parameters, flat));
    if (f == kSettledFrame) settled_at = instance.world().translation;
    const glm::mat4 m = instance.world_matrix();
    const auto on_ground = [&](glm::vec3 p) { return glm::vec3(m * glm::vec4(p, 1.0f)); };
    for (std::size_t leg = 0; leg < rig.legs.size(); ++leg) {
      const bool planted = anim::foot_planted_at(
          bound.character->clips[static_cast<std::size_t>(instance.dominant_clip())],
          anim::leg_contact_name(rig.legs, leg), instance.dominant_clip_time());
      anim::add_slide_frame(
          feet[leg], on_ground(anim::heel_point(rig.legs[leg], instance.model_pose())),
          on_ground(anim::toe_point(rig.legs[leg], instance.model_pose())), planted);
    }
    if (f > kSettledFrame) run.hip_turn_rad += instance.hip_warp_angle_rad();
    run.ratio = instance.stride_warp_ratio();
    run.rate = instance.warp_play_rate();
  }
  const glm::vec3 travel = instance.world().translation - settled_at;
  run.speed_mps = glm::length(glm::vec2(travel.x, travel.z)) /
                  (static_cast<float>(kFrames - kSettledFrame) * kFrame_s);
  run.heading_rad = std::atan2(travel.x, travel.z);
  run.hip_turn_rad /= static_cast<float>(kFrames - kSettledFrame);
  const float leg = anim::rest_leg_length(bound.character->skeleton, rig.legs);
  for (const anim::FootSlide& foot : feet) {
    EXPECT_GE(foot.steps, 2);
    run.slide_share = std::max(run.slide_share, anim::slide_per_step_share(foot, leg));
  }
  std::printf(
      "asked %.2f m/s at %.0f deg, stride warping %s, orientation warping %s%s: %.3f m/s at "
      "%.1f deg, hips %.1f deg, slide per step %.2f%% of the leg, ratio %.3f, rate %.3f\n",
      asked.speed_mps, glm::degrees(asked.heading_rad), asked.stride_warping ? "on" : "off",
      asked.orientation_warping ? "on" : "off", clear_request ? " (request cleared)" : "",
      run.speed_mps, glm::degrees(run.heading_rad), glm::degrees(run.hip_turn_rad),
      100.0f * run.slide_share, run.ratio, run.rate);
  return run;
}

// The case: the trajectory asks 1.25 times the walk's speed. Without warping the
// controller's pull toward its simulation drags the character along at the asked speed and the
// planted feet slide; with it the stride is scaled, the character travels at the trajectory's
// speed and the planted feet stay under 1% of the leg a step.
TEST(MotionMatchingWarping, StrideWarpingScalesTheMatchedWalkToTheTrajectorysSpeed) {
  const float asked = kAskedScale * demo::kDemoWalkSpeed_mps;
  const SteerRun with = steer({asked});
  // The trajectory is within 0.8% of the asked speed over the settled frames (0.014 m/s); the
  // stride's mean speed tracks the gait with a 0.5 s half-life.
  EXPECT_NEAR(with.speed_mps, asked, 0.03f);
  EXPECT_NEAR(with.ratio * with.rate, kAskedScale, 0.03f);
  EXPECT_LT(with.slide_share, 0.01f);
  const SteerRun without = steer({asked, 0.0f, false});
  EXPECT_GT(without.slide_share, 0.05f);
}

// Asked 1.45 times the walk's speed the planted legs' reach caps the stride (at 1.39) and the
// play rate the controller plays the clip at makes up the rest: the speed asked is still met
// (the rate counted once, where the external source's clock was taken to run at 1 the character
// went 2.2% short).
TEST(MotionMatchingWarping, PastTheLegsReachThePlayRateMakesUpTheTrajectorysSpeed) {
  const float scale = 1.45f;
  const float asked = scale * demo::kDemoWalkSpeed_mps;
  const SteerRun with = steer({asked});
  EXPECT_NEAR(with.speed_mps, asked, 0.03f);
  EXPECT_NEAR(with.ratio * with.rate, scale, 0.03f);
  EXPECT_GT(with.rate, 1.01f);
  EXPECT_LT(with.slide_share, 0.01f);
}

// With the request cleared nothing is asked: the walk is not warped and the character travels at
// the clip's own speed (the demo's walk: 1.4 m/s), not the trajectory's.
TEST(MotionMatchingWarping, WithTheRequestClearedTheCharacterTravelsAtTheWalksOwnSpeed) {
  const SteerRun cleared = steer({kAskedScale * demo::kDemoWalkSpeed_mps}, true);
  EXPECT_NEAR(cleared.speed_mps, demo::kDemoWalkSpeed_mps, 0.05f);
  EXPECT_FLOAT_EQ(cleared.ratio, 1.0f);
}

// Asked at the walk's speed 45 degrees to the left of where it faces (+z), with walk_forward
// alone to match, orientation warping turns the hips toward the trajectory's direction: the
// character travels at 45 degrees (the controller's pull toward its simulation no longer drags
// it there sideways) with its planted feet kept.
TEST(MotionMatchingWarping, OrientationWarpingTurnsTheMatchedWalkTowardTheTrajectory) {
  const float quarter_pi = 0.785398163f;
  const SteerRun run = steer({demo::kDemoWalkSpeed_mps, quarter_pi, true, true});
  EXPECT_NEAR(run.heading_rad, quarter_pi, 0.035f);  // 2 degrees
  // The eased turn lags the travel's sway within a step: its mean is within 2 degrees.
  EXPECT_NEAR(run.hip_turn_rad, quarter_pi, 0.035f);
  EXPECT_NEAR(run.speed_mps, demo::kDemoWalkSpeed_mps, 0.03f);
  EXPECT_LT(run.slide_share, 0.01f);
}

}  // namespace
