// Stride and orientation warping on the small IK biped: hand-computed feet, hips and facings.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/hip_turn_easing.h"
#include "anim/orientation_warping.h"
#include "anim/pose.h"
#include "anim/stride_warping.h"
#include "anim/two_bone_ik.h"
#include "ik_biped.h"

namespace anim {
namespace {

glm::vec3 at(const std::vector<glm::mat4>& model, int joint) {
  return glm::vec3(model[joint][3]);
}

// The biped mid-stride: the left thigh swung 20 degrees forward, the right 20 back, both knees
// bent 10 degrees.
std::vector<Transform> striding_pose(const Skeleton& skeleton) {
  std::vector<Transform> local = skeleton.rest_pose;
  const glm::vec3 x(1.0f, 0.0f, 0.0f);
  local[2].rotation = glm::angleAxis(glm::radians(-20.0f), x);
  local[6].rotation = glm::angleAxis(glm::radians(20.0f), x);
  local[3].rotation = local[7].rotation = glm::angleAxis(glm::radians(10.0f), x);
  return local;
}

// The yaw (degrees, counter-clockwise from above, +z toward +x) of a joint's +z axis.
float facing_deg(const glm::mat4& m) {
  const glm::vec3 z = model_rotation(m) * glm::vec3(0.0f, 0.0f, 1.0f);
  return glm::degrees(std::atan2(z.x, z.z));
}

// One frame of stride warping from a fresh state, no foot planted; model is built first, as
// warp_stride expects.
JobResult warp_once(const testing::Biped& b, const FootIkRig& rig, float ratio, glm::vec3 direction,
                    std::vector<Transform>& local, std::vector<glm::mat4>& model) {
  if (JobResult r = local_to_model(b.skeleton, local, model); !r) return r;
  StrideWarp warp;
  warp.ratio = ratio;
  warp.direction = direction;
  StrideWarpState state;
  return warp_stride(b.skeleton, rig, warp, state, local, model);
}

TEST(StrideWarping, TheRatioIsClampedToTheSettingsRange) {
  const StrideWarpingSettings settings;  // 0.75x to 1.5x
  EXPECT_FLOAT_EQ(stride_ratio(1.82f, 1.4f, settings), 1.3f);
  EXPECT_FLOAT_EQ(stride_ratio(3.0f, 1.4f, settings), 1.5f);
  EXPECT_FLOAT_EQ(stride_ratio(0.5f, 1.4f, settings), 0.75f);
  StrideWarpingSettings narrow;
  narrow.min_ratio = 0.9f;
  narrow.max_ratio = 1.1f;
  EXPECT_FLOAT_EQ(stride_ratio(1.82f, 1.4f, narrow), 1.1f);
  // Nothing to scale: an idle, or a speed that is not a number.
  EXPECT_FLOAT_EQ(stride_ratio(1.4f, 0.0f, settings), 1.0f);
  EXPECT_FLOAT_EQ(stride_ratio(NAN, 1.4f, settings), 1.0f);
}

TEST(StrideWarping, ARatioOfOneLeavesThePoseUnchanged) {
  const testing::Biped b = testing::make_biped();
  std::vector<Transform> local = striding_pose(b.skeleton);
  const std::vector<Transform> animated = local;
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(warp_once(b, b.rig, 1.0f, {0, 0, 1}, local, model));
  for (std::size_t j = 0; j < local.size(); ++j) {
    EXPECT_EQ(local[j].translation, animated[j].translation) << j;
    EXPECT_EQ(local[j].rotation, animated[j].rotation) << j;
  }
}

TEST(StrideWarping, FeetTravelScaledAboutThePelvisWhichComesDown) {
  const testing::Biped b = testing::make_biped();
  std::vector<Transform> local = striding_pose(b.skeleton);
  std::vector<glm::mat4> before(local.size()), model(local.size());
  ASSERT_TRUE(local_to_model(b.skeleton, local, before));
  ASSERT_TRUE(warp_once(b, b.rig, 1.3f, {0, 0, 2}, local, model));
  float longest_share = 0.0f;
  for (const Leg& leg : b.rig.legs) {
    const float animated = at(before, leg.foot).z - at(before, leg.thigh).z;
    // The hips keep their place along z, at the pelvis's; the foot lands 1.3 times as far from
    // them, at its height and as wide as it was, and keeps its animated rotation.
    EXPECT_NEAR(at(model, leg.foot).z - at(model, leg.thigh).z, 1.3f * animated, 1e-3f);
    EXPECT_NEAR(at(model, leg.foot).y, at(before, leg.foot).y, 1e-3f);
    EXPECT_NEAR(at(model, leg.foot).x, at(before, leg.foot).x, 1e-3f);
    const glm::quat turn =
        model_rotation(model[leg.foot]) * glm::inverse(model_rotation(before[leg.foot]));
    EXPECT_NEAR(std::abs(turn.w), 1.0f, 1e-4f);
    // No leg stretched past its animated extension.
    const float extension = glm::length(at(model, leg.foot) - at(model, leg.thigh));
    const float animated_extension = glm::length(at(before, leg.foot) - at(before, leg.thigh));
    EXPECT_LE(extension, animated_extension + 1e-3f);
    longest_share = std::max(longest_share, extension / animated_extension);
  }
  // The pelvis came down just so far that the leg reaching farthest keeps its extension.
  EXPECT_NEAR(longest_share, 1.0f, 1e-3f);
  EXPECT_LT(at(model, 1).y, at(before, 1).y - 0.01f);
}

// A planted foot is pinned: whatever its animation does (here it runs back with the clip's
// ground by the travel, and slides 5 mm a frame sideways on its own), it moves back by the
// character's warped step each frame from where it was drawn when warping started, whatever the
// direction of that step (a swaying root's wobbles); the swinging foot is scaled about the
// pelvis along the travel.
TEST(StrideWarping, APlantedFootStaysWhereItLandedAsTheCharacterMoves) {
  const testing::Biped b = testing::make_biped();
  const std::vector<Transform> striding = striding_pose(b.skeleton);
  std::vector<glm::mat4> before(striding.size());
  ASSERT_TRUE(local_to_model(b.skeleton, striding, before));
  const bool planted[] = {true, false};  // the left foot down
  StrideWarpState state;
  StrideWarp warp;
  warp.ratio = 1.3f;
  warp.dt_s = 1.0f / 60.0f;
  warp.planted = planted;
  const glm::vec3 travels[] = {{0.0f, 0.0f, 0.02f}, {0.004f, 0.0f, 0.02f}, {-0.004f, 0.0f, 0.02f}};
  const int left = b.rig.legs[0].foot, right = b.rig.legs[1].foot;
  glm::vec3 drawn_back(0.0f), own_slide(0.0f), moved_total(0.0f);
  for (const glm::vec3& travel : travels) {
    // The animated pose: the whole body carried back by the travel so far (the planted foot
    // runs back with the ground), the left foot's own slide on top.
    std::vector<Transform> local = striding;
    local[0].translation = drawn_back + own_slide;
    std::vector<glm::mat4> animated(local.size()), model(local.size());
    ASSERT_TRUE(local_to_model(b.skeleton, local, model));
    animated = model;
    warp.direction = travel;
    warp.travel = travel;
    warp.moved = 1.3f * travel;
    ASSERT_TRUE(warp_stride(b.skeleton, b.rig, warp, state, local, model));
    // In the world the character moved through (moved_total), the foot stays where it was on
    // the first frame, which takes it to have run back with the clip's ground by that frame's
    // travel since the frame before: at the striding pose's place plus the first travel.
    moved_total += 1.3f * travel;
    const glm::vec3 left_in_world = moved_total + at(model, left) - at(before, left);
    EXPECT_NEAR(left_in_world.x, travels[0].x, 1e-4f);
    EXPECT_NEAR(left_in_world.y, 0.0f, 1e-4f);
    EXPECT_NEAR(left_in_world.z, travels[0].z, 1e-4f);
    // The swinging foot: its distance from the pelvis along the travel 1.3 times the animated.
    const glm::vec3 along = glm::normalize(travel);
    const float animated_distance = glm::dot(at(animated, right) - at(animated, 1), along);
    EXPECT_NEAR(glm::dot(at(model, right) - at(animated, right), along), 0.3f * animated_distance,
                1e-4f);
    drawn_back -= travel;
    own_slide.x += 0.005f;  // heel and toe move alike: the foot slides on its own
  }
}

// The character moves at the speed asked along the travel, whatever the gait's speed this
// frame; an idle (a mean under 1 cm/s) or a travel without a horizontal part keeps its step.
TEST(StrideWarping, TheCharacterStepsAtTheRequestedSpeed) {
  const glm::vec3 step = warped_step({0.006f, 0.001f, 0.008f}, 1.2f, 0.9f, 0.5f);
  EXPECT_NEAR(step.x, 0.36f, 1e-5f);  // 0.6 m along (0.6, 0.8)
  EXPECT_NEAR(step.z, 0.48f, 1e-5f);
  EXPECT_FLOAT_EQ(step.y, 0.001f);
  EXPECT_EQ(warped_step({0.006f, 0.0f, 0.008f}, 1.2f, 0.005f, 0.5f), glm::vec3(0.006f, 0, 0.008f));
  EXPECT_EQ(warped_step({0.0f, 0.01f, 0.0f}, 1.2f, 0.9f, 0.5f), glm::vec3(0.0f, 0.01f, 0.0f));
  EXPECT_EQ(warped_step({0.006f, 0.0f, 0.008f}, NAN, 0.9f, 0.5f), glm::vec3(0.006f, 0, 0.008f));
}

// The mean the stride ratio goes by: the first speed as it is, then half-way to a new speed
// after half a second.
TEST(StrideWarping, TheMeanSpeedFollowsTheGaitWithAHalfSecondHalfLife) {
  StrideWarpState state;
  EXPECT_FLOAT_EQ(track_mean_speed(state, 0.6f, 1.0f / 60.0f), 0.6f);
  EXPECT_NEAR(track_mean_speed(state, 1.2f, 0.5f), 0.9f, 1e-5f);
  EXPECT_NEAR(track_mean_speed(state, 1.2f, 0.25f), 1.2f - 0.3f / std::sqrt(2.0f), 1e-5f);
  EXPECT_NEAR(track_mean_speed(state, NAN, 0.25f), 1.2f - 0.3f / std::sqrt(2.0f), 1e-5f);
}

// One leg of length 1 (thigh to knee 0.5, knee to ankle 0.5) whose hip is 0.8 m over its ankle:
// the pelvis lowered by the most warp_stride lowers it (half the leg), the ankle may be
// sqrt(0.95^2 - 0.3^2) = 0.90139 m along the travel (+z) from the hip at 95% of the leg.
struct OneLeg {
  FootIkRig rig;
  std::vector<glm::mat4> model{3, glm::mat4(1.0f)};
  OneLeg() {
    Leg leg;
    leg.thigh = 0;
    leg.calf = 1;
    leg.foot = 2;
    rig.legs.push_back(leg);
    model[0][3] = glm::vec4(0.0f, 0.8f, 0.0f, 1.0f);
    model[1][3] = glm::vec4(0.0f, 0.4f, 0.3f, 1.0f);
  }
};

// The stride a planted foot allows: the character moving ratio times the animation's pace runs
// the foot back by ratio times its stance's ground left, which must end within reach.
TEST(StrideWarping, ThePlantedFeetsReachCapsTheStride) {
  OneLeg one;
  StrideWarpState state;
  const glm::vec3 forward(0.0f, 0.0f, 2.0f);
  const float left[] = {0.4f};
  const float along_reach = std::sqrt(0.95f * 0.95f - 0.3f * 0.3f);
  // The ankle under the hip, 0.4 m of stance left: (0 + 0.90139) / 0.4.
  EXPECT_NEAR(reachable_stride_ratio(one.rig, state, forward, left, one.model, 0.95f),
              along_reach / 0.4f, 1e-5f);
  // Pinned 0.1 m behind where it is drawn (the frames before ran it back farther).
  state.active = true;
  state.shift[0] = {0.0f, 0.0f, -0.1f};
  EXPECT_NEAR(reachable_stride_ratio(one.rig, state, forward, left, one.model, 0.95f),
              (along_reach - 0.1f) / 0.4f, 1e-5f);
  // 0.2 m to the side leaves sqrt(0.95^2 - 0.3^2 - 0.2^2) along the travel.
  state.shift[0] = {0.2f, 0.0f, 0.0f};
  EXPECT_NEAR(reachable_stride_ratio(one.rig, state, forward, left, one.model, 0.95f),
              std::sqrt(0.95f * 0.95f - 0.09f - 0.04f) / 0.4f, 1e-5f);
  // The animation's own lift-off 1.2 m back is allowed though past 95%: a ratio of 1.
  state = {};
  const float long_stance[] = {1.2f};
  EXPECT_FLOAT_EQ(reachable_stride_ratio(one.rig, state, forward, long_stance, one.model, 0.95f),
                  1.0f);
  // A swinging foot bounds nothing.
  const float swinging[] = {-1.0f};
  EXPECT_TRUE(
      std::isinf(reachable_stride_ratio(one.rig, state, forward, swinging, one.model, 0.95f)));
}

// The speed asked past the stride's cap is made up by the play rate; under 1 it is all stride.
TEST(StrideWarping, ThePlayRateMakesUpWhatTheStrideCannot) {
  const StrideSplit capped = split_stride(1.44f, 1.2f);
  EXPECT_FLOAT_EQ(capped.stride, 1.2f);
  EXPECT_FLOAT_EQ(capped.play_rate, 1.2f);
  const StrideSplit free = split_stride(1.3f, INFINITY);
  EXPECT_FLOAT_EQ(free.stride, 1.3f);
  EXPECT_FLOAT_EQ(free.play_rate, 1.0f);
  const StrideSplit slower = split_stride(0.8f, 0.5f);
  EXPECT_FLOAT_EQ(slower.stride, 0.8f);
  EXPECT_FLOAT_EQ(slower.play_rate, 1.0f);
  // Never a stride shorter than the animation's when asked faster.
  const StrideSplit floor = split_stride(1.44f, 0.7f);
  EXPECT_FLOAT_EQ(floor.stride, 1.0f);
  EXPECT_FLOAT_EQ(floor.play_rate, 1.44f);
}

TEST(StrideWarping, ARigWithoutLegsLeavesThePoseUntouched) {
  const testing::Biped b = testing::make_biped();
  std::vector<Transform> local = striding_pose(b.skeleton);
  const std::vector<Transform> animated = local;
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(warp_once(b, FootIkRig{}, 1.3f, {0, 0, 1}, local, model));
  for (std::size_t j = 0; j < local.size(); ++j) {
    EXPECT_EQ(local[j].rotation, animated[j].rotation) << j;
    EXPECT_EQ(local[j].translation, animated[j].translation) << j;
  }
  EXPECT_TRUE(warp_orientation(b.skeleton, -1, {}, 0.5f, {}, local, model));
  for (std::size_t j = 0; j < local.size(); ++j) EXPECT_EQ(local[j].rotation, animated[j].rotation);
}

// The biped with a torso above its pelvis: spine, chest, neck and head (joints 10 to 13).
testing::Biped biped_with_torso() {
  testing::Biped b = testing::make_biped();
  Skeleton& s = b.skeleton;
  for (int j = 0; j < 4; ++j) {
    testing::add_joint(s, j == 3 ? "head" : "spine" + std::to_string(j), j == 0 ? 1 : 9 + j,
                       {0.0f, 0.15f, 0.0f});
  }
  return b;
}

TEST(OrientationWarping, FortyFiveDegreesTurnTheHipsAndKeepTheHeadFacing) {
  const testing::Biped b = biped_with_torso();
  const std::vector<int> torso = torso_chain(b.skeleton, 1, 13);
  ASSERT_EQ(torso, (std::vector<int>{10, 11, 12, 13}));
  // Asked to travel between forward (+z) and left (+x) while the blend goes forward: 45 degrees.
  const float angle = travel_angle({0, 0, 1.4f}, {1.0f, 0, 1.0f});
  EXPECT_NEAR(glm::degrees(angle), 45.0f, 1e-4f);
  std::vector<Transform> local = striding_pose(b.skeleton);
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(warp_orientation(b.skeleton, 1, torso, angle, {}, local, model));
  EXPECT_NEAR(facing_deg(model[1]), 45.0f, 0.01f);
  // Each torso joint turns back a quarter (11.25 degrees, within the 20-degree limit).
  EXPECT_NEAR(facing_deg(model[10]), 33.75f, 0.01f);
  EXPECT_NEAR(facing_deg(model[13]), 0.0f, 5.0f);
  EXPECT_NEAR(facing_deg(model[13]), 0.0f, 0.01f);
  // The legs went with the hips: the left hip is now 0.1 m along the turned +x.
  const glm::vec3 hip = at(model, 2) - at(model, 1);
  EXPECT_NEAR(hip.x, 0.1f * std::cos(glm::radians(45.0f)), 1e-4f);
  EXPECT_NEAR(hip.z, -0.1f * std::sin(glm::radians(45.0f)), 1e-4f);
}

TEST(OrientationWarping, PerJointLimitsAreHonoured) {
  const testing::Biped b = biped_with_torso();
  const std::vector<int> torso = torso_chain(b.skeleton, 1, 11);  // two joints
  std::vector<Transform> local = b.skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  // 100 degrees asked: the hips stop at 90; two torso joints at 30 each bring the chest to 30.
  ASSERT_TRUE(warp_orientation(b.skeleton, 1, torso, glm::radians(100.0f), {}, local, model));
  EXPECT_NEAR(facing_deg(model[1]), 90.0f, 0.01f);
  EXPECT_NEAR(facing_deg(model[11]), 30.0f, 0.01f);
  EXPECT_NEAR(glm::degrees(hip_warp_angle(glm::radians(-100.0f), {})), -90.0f, 1e-4f);
}

// Straight sideways from a forward walk: the hips take the whole quarter turn, and a torso of
// three joints (as the Knight's spine, chest and head) turns back 30 degrees at each, within the
// limit, so the head faces where it did.
TEST(OrientationWarping, AQuarterTurnKeepsAThreeJointTorsosHeadFacing) {
  const testing::Biped b = biped_with_torso();
  const std::vector<int> torso = torso_chain(b.skeleton, 1, 12);
  ASSERT_EQ(torso.size(), 3u);
  const float angle = travel_angle({0, 0, 0.9f}, {0.9f, 0, 0});
  EXPECT_NEAR(glm::degrees(angle), 90.0f, 1e-4f);
  std::vector<Transform> local = striding_pose(b.skeleton);
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(warp_orientation(b.skeleton, 1, torso, angle, {}, local, model));
  EXPECT_NEAR(facing_deg(model[1]), 90.0f, 0.01f);
  EXPECT_NEAR(facing_deg(model[10]), 60.0f, 0.01f);
  EXPECT_NEAR(facing_deg(model[12]), 0.0f, 0.01f);
}

// A change of direction does not snap the hips round: the gap to the turn asked halves every
// kHipTurnHalfLife_s (0.1 s), so 60 degrees asked of hips at 0 reach 30 after 0.1 s, the same
// in two frames of 0.05 s, and 60 * (1 - 1/32) = 58.125 after 0.5 s.
TEST(OrientationWarping, TheHipTurnEasesTowardTheAngleAsked) {
  const float asked = glm::radians(60.0f);
  EXPECT_NEAR(glm::degrees(eased_hip_turn(0.0f, asked, 0.1f)), 30.0f, 1e-3f);
  EXPECT_NEAR(glm::degrees(eased_hip_turn(eased_hip_turn(0.0f, asked, 0.05f), asked, 0.05f)), 30.0f,
              1e-3f);
  EXPECT_NEAR(glm::degrees(eased_hip_turn(0.0f, asked, 0.5f)), 58.125f, 1e-3f);
  // From one side to the other (the travel flipping from forward to back): through zero.
  EXPECT_NEAR(glm::degrees(eased_hip_turn(asked, -asked, 0.1f)), 0.0f, 1e-3f);
  // A paused frame keeps the turn; a turn that is not a number is replaced or ignored.
  EXPECT_EQ(eased_hip_turn(0.25f, asked, 0.0f), 0.25f);
  EXPECT_EQ(eased_hip_turn(0.25f, asked, NAN), 0.25f);
  EXPECT_EQ(eased_hip_turn(NAN, asked, 0.1f), asked);
  EXPECT_EQ(eased_hip_turn(0.25f, NAN, 0.1f), 0.25f);
}

}  // namespace
}  // namespace anim
