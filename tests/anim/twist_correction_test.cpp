#include "anim/twist_correction.h"

#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include "anim_expect.h"
#include "procedural_skeletons.h"

namespace anim {
namespace {

using testing::add_joint;
using testing::model_of;

constexpr float kDegree = glm::pi<float>() / 180.0f;
const glm::vec3 kX(1, 0, 0);

// A forearm along +X: the hand 0.3 m out, twist joints (leaves) at 0.1 m and 0.2 m beside it,
// and a named "forearm_roll" with a child of its own at 0.15 m.
Skeleton make_arm() {
  Skeleton s;
  add_joint(s, "root", kNoParent, {0, 0, 0});
  add_joint(s, "forearm", 0, {0, 1, 0});
  add_joint(s, "hand", 1, {0.3f, 0, 0});
  add_joint(s, "finger", 2, {0.1f, 0, 0});
  add_joint(s, "twist_a", 1, {0.1f, 0, 0});
  add_joint(s, "twist_b", 1, {0.2f, 0, 0});
  return s;
}

TEST(TwistCorrection, SwingTimesTwistIsTheRotationAndTheTwistIsAboutTheAxis) {
  const glm::quat twist = glm::angleAxis(90.0f * kDegree, kX);
  const glm::quat swing = glm::angleAxis(30.0f * kDegree, glm::vec3(0, 0.6f, 0.8f));
  const glm::quat q = swing * twist;
  EXPECT_TRUE(testing::same_rotation(twist_about(q, kX), twist));
  EXPECT_NEAR(twist_angle(twist_about(q, kX), kX), 90.0f * kDegree, 1e-5f);
  // A half turn about a perpendicular axis has no twist.
  EXPECT_TRUE(
      testing::same_rotation(twist_about(glm::angleAxis(glm::pi<float>(), glm::vec3(0, 1, 0)), kX),
                             glm::quat(1, 0, 0, 0)));
}

TEST(TwistCorrection, FindsTwistJointsByGeometryWithSharesByDistance) {
  const Skeleton s = make_arm();
  const std::vector<TwistRig> rigs = find_twist_rigs(s, model_of(s, s.rest_pose));
  ASSERT_EQ(rigs.size(), 1u);
  EXPECT_EQ(rigs[0].source, 2);
  ASSERT_EQ(rigs[0].count, 2);
  EXPECT_EQ(rigs[0].joints[0], 4);
  EXPECT_NEAR(rigs[0].shares[0], 1.0f / 3.0f, 1e-6f);
  EXPECT_EQ(rigs[0].joints[1], 5);
  EXPECT_NEAR(rigs[0].shares[1], 2.0f / 3.0f, 1e-6f);
  EXPECT_TRUE(testing::vec3_near(rigs[0].axis, kX));
}

TEST(TwistCorrection, FindsANamedRollJointThatHasChildren) {
  Skeleton s = make_arm();
  const int roll = add_joint(s, "LowerArmRoll", 1, {0.15f, 0, 0});
  add_joint(s, "roll_helper", roll, {0, 0.01f, 0});
  const std::vector<TwistRig> rigs = find_twist_rigs(s, model_of(s, s.rest_pose));
  ASSERT_EQ(rigs.size(), 1u);
  ASSERT_EQ(rigs[0].count, 3);
  EXPECT_EQ(rigs[0].joints[2], roll);
  EXPECT_NEAR(rigs[0].shares[2], 0.5f, 1e-6f);
}

TEST(TwistCorrection, TheTwistJointsSharesSumToTheSourceTwist) {
  const Skeleton s = make_arm();
  const TwistRig rig = find_twist_rigs(s, model_of(s, s.rest_pose))[0];
  std::vector<Transform> local = s.rest_pose;
  // The hand bends 40 degrees and twists 90 degrees about the forearm.
  local[2].rotation =
      glm::angleAxis(40.0f * kDegree, glm::vec3(0, 0, 1)) * glm::angleAxis(90.0f * kDegree, kX);
  std::vector<glm::mat4> model = model_of(s, local);
  ASSERT_TRUE(run_twist_correction(s, rig, local, model));
  const float a = twist_angle(twist_about(local[4].rotation, kX), kX);
  const float b = twist_angle(twist_about(local[5].rotation, kX), kX);
  const float hand = twist_angle(twist_about(local[2].rotation, kX), kX);
  EXPECT_NEAR(a, 30.0f * kDegree, 1e-4f);
  EXPECT_NEAR(b, 60.0f * kDegree, 1e-4f);
  // forearm -> twist_a -> twist_b -> hand: the steps of twist add up to the hand's.
  EXPECT_NEAR(a + (b - a) + (hand - b), 90.0f * kDegree, 1e-4f);
  EXPECT_NEAR(hand - b, 30.0f * kDegree, 1e-4f);
  // The twist joints carry no swing, and model follows.
  EXPECT_TRUE(testing::same_rotation(local[4].rotation, glm::angleAxis(a, kX)));
  EXPECT_TRUE(testing::mat4_near(model[5], model_of(s, local)[5]));
  EXPECT_TRUE(testing::same_rotation(
      local[2].rotation,
      glm::angleAxis(40.0f * kDegree, glm::vec3(0, 0, 1)) * glm::angleAxis(90.0f * kDegree, kX)));
}

// The built-in character's layout: forearm -> forearm_twist (0.13 m) -> hand (0.26 m).
TEST(TwistCorrection, ATwistJointBetweenForearmAndHandTakesHalfAndTheHandKeepsItsTurn) {
  Skeleton s;
  add_joint(s, "root", kNoParent, {0, 0, 0});
  add_joint(s, "forearm", 0, {0, 1, 0});
  add_joint(s, "forearm_twist_l", 1, {0.13f, 0, 0});
  add_joint(s, "hand_l", 2, {0.13f, 0, 0});
  const std::vector<TwistRig> rigs = find_twist_rigs(s, model_of(s, s.rest_pose));
  ASSERT_EQ(rigs.size(), 1u);
  EXPECT_EQ(rigs[0].source, 3);
  ASSERT_EQ(rigs[0].count, 1);
  EXPECT_EQ(rigs[0].joints[0], 2);
  EXPECT_NEAR(rigs[0].shares[0], 0.5f, 1e-6f);
  std::vector<Transform> local = s.rest_pose;
  const glm::quat hand =
      glm::angleAxis(20.0f * kDegree, glm::vec3(0, 1, 0)) * glm::angleAxis(-80.0f * kDegree, kX);
  local[3].rotation = hand;
  std::vector<glm::mat4> model = model_of(s, local);
  const glm::mat4 hand_before = model[3];
  ASSERT_TRUE(run_twist_correction(s, rigs[0], local, model));
  EXPECT_NEAR(twist_angle(twist_about(local[2].rotation, kX), kX), -40.0f * kDegree, 1e-4f);
  // twist joint + what is left on the hand = the hand's whole twist.
  EXPECT_NEAR(twist_angle(twist_about(local[2].rotation, kX), kX) +
                  twist_angle(twist_about(local[3].rotation, kX), kX),
              -80.0f * kDegree, 1e-4f);
  EXPECT_TRUE(testing::mat4_near(model[3], hand_before));
  EXPECT_TRUE(testing::mat4_near(model[3], model_of(s, local)[3]));
}

// An upper arm along +X with two twist joints in a run down to the forearm:
// upperarm -> upperarm_twist_01 (0.1 m) -> upperarm_twist_02 (0.1 m) -> lowerarm (0.1 m), each
// twist joint with a rest turn of its own so the run's frames differ.
Skeleton make_twist_run() {
  Skeleton s;
  add_joint(s, "root", kNoParent, {0, 0, 0});
  add_joint(s, "upperarm", 0, {0, 1, 0});
  add_joint(s, "upperarm_twist_01", 1, {0.1f, 0, 0});
  add_joint(s, "upperarm_twist_02", 2, {0.1f, 0, 0});
  add_joint(s, "lowerarm", 3, {0.1f, 0, 0});
  s.rest_pose[2].rotation = glm::angleAxis(25.0f * kDegree, kX);
  s.rest_pose[3].rotation = glm::angleAxis(-10.0f * kDegree, kX);
  return s;
}

TEST(TwistCorrection, ARunOfTwistJointsTakesEvenlySpacedSharesOfTheTwist) {
  const Skeleton s = make_twist_run();
  const std::vector<TwistRig> rigs = find_twist_rigs(s, model_of(s, s.rest_pose));
  ASSERT_EQ(rigs.size(), 1u) << "one rig for the run, not one per twist joint";
  const TwistRig& rig = rigs[0];
  EXPECT_EQ(rig.source, 4);
  ASSERT_EQ(rig.count, 2);
  EXPECT_EQ(rig.joints[0], 2);
  EXPECT_EQ(rig.joints[1], 3);
  EXPECT_NEAR(rig.shares[0], 1.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(rig.shares[1], 2.0f / 3.0f, 1e-6f);
  EXPECT_TRUE(testing::vec3_near(rig.axis, kX));

  // The forearm bends 35 degrees and turns 120 degrees about the bone, and the second twist
  // joint is animated 30 degrees past its rest (which the correction replaces): 150 degrees of
  // twist from the upper arm down to the forearm.
  std::vector<Transform> local = s.rest_pose;
  local[4].rotation =
      glm::angleAxis(35.0f * kDegree, glm::vec3(0, 0, 1)) * glm::angleAxis(120.0f * kDegree, kX);
  local[3].rotation = glm::angleAxis(20.0f * kDegree, kX);
  std::vector<glm::mat4> model = model_of(s, local);
  const glm::quat rest_run = s.rest_pose[2].rotation * s.rest_pose[3].rotation;
  // The source's turn from its rest below the upper arm (the run's frame).
  const auto source_turn = [&] {
    return local[2].rotation * local[3].rotation * local[4].rotation *
           glm::inverse(rest_run * s.rest_pose[4].rotation);
  };
  const float source_twist = twist_angle(twist_about(source_turn(), kX), kX);
  EXPECT_NEAR(source_twist, 150.0f * kDegree, 1e-5f);
  const glm::mat4 lowerarm_before = model[4];
  ASSERT_TRUE(run_twist_correction(s, rig, local, model));
  // Each twist joint's turn from its rest below the upper arm is its share of the twist, with
  // no swing.
  const glm::quat first = local[2].rotation * glm::inverse(s.rest_pose[2].rotation);
  const glm::quat second = local[2].rotation * local[3].rotation * glm::inverse(rest_run);
  EXPECT_NEAR(twist_angle(twist_about(first, kX), kX), 50.0f * kDegree, 1e-5f);
  EXPECT_NEAR(twist_angle(twist_about(second, kX), kX), 100.0f * kDegree, 1e-5f);
  EXPECT_TRUE(testing::same_rotation(first, twist_about(first, kX)));
  EXPECT_TRUE(testing::same_rotation(second, twist_about(second, kX)));
  // The steps along the run and what the forearm keeps add up to the source's twist, which is
  // unchanged: the forearm stays where the animation put it.
  const float step_1 = twist_angle(twist_about(first, kX), kX);
  const float step_2 = twist_angle(twist_about(second * glm::inverse(first), kX), kX);
  const float kept = twist_angle(twist_about(source_turn() * glm::inverse(second), kX), kX);
  EXPECT_NEAR(step_1 + step_2 + kept, source_twist, 1e-5f);
  EXPECT_NEAR(kept, 50.0f * kDegree, 1e-5f);
  EXPECT_NEAR(twist_angle(twist_about(source_turn(), kX), kX), source_twist, 1e-5f);
  EXPECT_TRUE(testing::mat4_near(model[4], lowerarm_before));
  EXPECT_TRUE(testing::mat4_near(model[4], model_of(s, local)[4]));
}

TEST(TwistCorrection, RejectsEachBadInput) {
  const Skeleton s = make_arm();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  const TwistRig good = find_twist_rigs(s, model)[0];
  EXPECT_TRUE(run_twist_correction(s, good, local, model));
  TwistRig bad = good;
  bad.source = 99;
  EXPECT_FALSE(run_twist_correction(s, bad, local, model));
  bad = good;
  bad.joints[0] = 3;  // the finger is neither a sibling nor the parent of the hand
  EXPECT_FALSE(run_twist_correction(s, bad, local, model));
  bad = good;
  bad.shares[1] = 1.5f;
  EXPECT_FALSE(run_twist_correction(s, bad, local, model));
  EXPECT_FALSE(run_twist_correction(s, good, local, std::span<glm::mat4>(model).first(2)));
}

}  // namespace
}  // namespace anim
