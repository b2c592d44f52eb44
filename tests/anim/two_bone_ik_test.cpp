#include "anim/two_bone_ik.h"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/pose.h"
#include "anim_expect.h"

namespace anim {
namespace {

using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

// A leg hanging from the origin: thigh 0.45 m, calf 0.42 m, knee bent 5 cm forward (+Z).
const glm::vec3 kRoot{0.0f, 0.0f, 0.0f};
const glm::vec3 kMid{0.0f, -0.45f, 0.0f};
const glm::vec3 kEnd = kMid + glm::vec3(0.0f, -std::sqrt(0.42f * 0.42f - 0.05f * 0.05f), -0.05f);
constexpr float kUpper = 0.45f;
constexpr float kLower = 0.42f;

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool finite(const glm::quat& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

// The solution's positions must equal the chain turned by its deltas (an independent check of
// the rotations, not only of the reported positions).
void expect_positions_from_deltas(const TwoBoneIkSolution& s, const glm::vec3& root,
                                  const glm::vec3& mid, const glm::vec3& end) {
  const glm::vec3 mid_new = root + s.root_delta * (mid - root);
  EXPECT_TRUE(vec3_near(s.mid, mid_new, 1e-5f));
  EXPECT_TRUE(vec3_near(s.end, mid_new + s.root_delta * (s.mid_delta * (end - mid)), 1e-5f));
}

TEST(TwoBoneIk, ReachesReachableTargetsKeepingBoneLengths) {
  const glm::vec3 targets[] = {{0.0f, -0.8f, 0.1f},  {0.3f, -0.5f, 0.2f}, {-0.2f, -0.3f, -0.1f},
                               {0.0f, -0.1f, 0.4f},  {0.5f, 0.2f, 0.3f},  {0.05f, -0.84f, 0.0f},
                               {0.0f, -0.04f, 0.0f}, {0.6f, 0.0f, -0.5f}};
  for (const glm::vec3& target : targets) {
    TwoBoneIkGoal goal;
    goal.target = target;
    const TwoBoneIkSolution s = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
    EXPECT_TRUE(s.reached) << "target " << target.x << ", " << target.y << ", " << target.z;
    EXPECT_LE(glm::length(s.end - target), 1e-4f);
    EXPECT_NEAR(glm::length(s.mid - kRoot), kUpper, 1e-5f);
    EXPECT_NEAR(glm::length(s.end - s.mid), kLower, 1e-5f);
    expect_positions_from_deltas(s, kRoot, kMid, kEnd);
  }
}

TEST(TwoBoneIk, EqualBonesBendAtTheHandComputedKnee) {
  // Two 1 m bones reaching sqrt(2) m straight down: a right angle at the knee, which sits
  // sqrt(1/2) m down and sqrt(1/2) m toward the pole (+X).
  TwoBoneIkGoal goal;
  goal.target = {0.0f, -std::sqrt(2.0f), 0.0f};
  goal.pole = {1.0f, 0.0f, 0.0f};
  goal.soft_fraction = 0.0f;
  const TwoBoneIkSolution s =
      solve_two_bone_ik({0, 0, 0}, {0.0f, -1.0f, 0.0f}, {0.0f, -2.0f, 0.0f}, goal);
  EXPECT_TRUE(vec3_near(s.mid, {0.70710678f, -0.70710678f, 0.0f}, 1e-5f));
  EXPECT_TRUE(vec3_near(s.end, goal.target, 1e-5f));
}

TEST(TwoBoneIk, UnreachableTargetStopsOnTheRootTargetLine) {
  const glm::vec3 far{0.3f, -2.0f, 0.8f};
  TwoBoneIkGoal goal;
  goal.target = far;
  goal.soft_fraction = 0.0f;
  const TwoBoneIkSolution hard = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
  EXPECT_FALSE(hard.reached);
  EXPECT_TRUE(vec3_near(hard.end, glm::normalize(far) * (kUpper + kLower), 1e-4f));

  goal.soft_fraction = 0.02f;
  const TwoBoneIkSolution soft = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
  const float reach = glm::length(soft.end - kRoot);
  EXPECT_LT(reach, kUpper + kLower);
  EXPECT_GT(reach, 0.98f * (kUpper + kLower));
  EXPECT_TRUE(vec3_near(soft.end / reach, glm::normalize(far), 1e-4f));
  EXPECT_NEAR(glm::length(soft.mid - kRoot), kUpper, 1e-5f);
  EXPECT_NEAR(glm::length(soft.end - soft.mid), kLower, 1e-5f);

  // A target nearer than the chain can fold stops on the line at the shortest reach.
  goal.target = {0.0f, -0.01f, 0.0f};
  const TwoBoneIkSolution near = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
  EXPECT_FALSE(near.reached);
  EXPECT_TRUE(vec3_near(glm::normalize(near.end - kRoot), {0, -1, 0}, 1e-3f));
  EXPECT_NEAR(glm::length(near.end - kRoot), kUpper - kLower, 1e-3f);
}

TEST(TwoBoneIk, SoftReachGrowsSmoothlyAndNeverStraightens) {
  // Pulling the target away in 1 mm steps moves the end by at most 1 mm a step (no pop at full
  // extension) and never beyond the chain's length.
  TwoBoneIkGoal goal;
  goal.soft_fraction = 0.03f;
  glm::vec3 previous{0.0f};
  for (int step = 0; step <= 200; ++step) {
    goal.target = {0.0f, -0.8f - 0.001f * static_cast<float>(step), 0.0f};
    const TwoBoneIkSolution s = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
    EXPECT_LE(glm::length(s.end - kRoot), kUpper + kLower + 1e-6f);
    if (step > 0) {
      EXPECT_LE(glm::length(s.end - previous), 1.0e-3f + 1e-5f) << "at step " << step;
    }
    previous = s.end;
  }
}

TEST(TwoBoneIk, KneeBendsTowardThePole) {
  const glm::vec3 poles[] = {{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {-1, 0.3f, 0.2f}};
  for (const glm::vec3& pole : poles) {
    TwoBoneIkGoal goal;
    goal.target = {0.1f, -0.7f, 0.05f};
    goal.pole = pole;
    const TwoBoneIkSolution s = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
    const glm::vec3 line = glm::normalize(goal.target - kRoot);
    const glm::vec3 pole_side = glm::normalize(pole - glm::dot(pole, line) * line);
    const glm::vec3 knee = s.mid - kRoot;
    const glm::vec3 knee_side = glm::normalize(knee - glm::dot(knee, line) * line);
    // The knee lies in the plane of the line and the pole, on the pole's side.
    EXPECT_TRUE(vec3_near(knee_side, pole_side, 1e-3f));
    EXPECT_LE(glm::length(s.end - goal.target), 1e-4f);
  }
}

TEST(TwoBoneIk, StraightChainBendsTowardThePole) {
  TwoBoneIkGoal goal;
  goal.target = {0.0f, -1.5f, 0.0f};
  goal.pole = {0.0f, 0.0f, 1.0f};
  const TwoBoneIkSolution s =
      solve_two_bone_ik({0, 0, 0}, {0.0f, -1.0f, 0.0f}, {0.0f, -2.0f, 0.0f}, goal);
  EXPECT_GT(s.mid.z, 0.5f);  // cos(knee) = 0.75: the knee sits sqrt(1 - 0.75^2) = 0.66 forward
  EXPECT_TRUE(vec3_near(s.end, goal.target, 1e-4f));
}

TEST(TwoBoneIk, DegenerateInputNeverGivesNaN) {
  struct Case {
    const char* what;
    glm::vec3 root, mid, end, target, pole;
  };
  const Case cases[] = {
      {"target at the root", kRoot, kMid, kEnd, kRoot, {0, 0, 1}},
      {"pole along the line", kRoot, kMid, kEnd, {0, -0.8f, 0}, {0, -1, 0}},
      {"zero pole", kRoot, kMid, kEnd, {0.1f, -0.6f, 0}, {0, 0, 0}},
      {"straight chain, pole along it", kRoot, {0, -1, 0}, {0, -2, 0}, {0, -1, 0}, {0, 1, 0}},
      {"zero-length upper bone", kRoot, kRoot, kEnd, {0, -0.2f, 0}, {0, 0, 1}},
      {"all joints at one point", kRoot, kRoot, kRoot, {0, -0.2f, 0}, {0, 0, 1}},
      {"NaN target", kRoot, kMid, kEnd, {NAN, 0, 0}, {0, 0, 1}},
      {"infinite pole", kRoot, kMid, kEnd, {0, -0.5f, 0}, {INFINITY, 0, 0}},
      {"folded chain", kRoot, {0, -1, 0}, kRoot, {0, -0.5f, 0}, {0, 0, 1}},
  };
  for (const Case& c : cases) {
    TwoBoneIkGoal goal;
    goal.target = c.target;
    goal.pole = c.pole;
    const TwoBoneIkSolution s = solve_two_bone_ik(c.root, c.mid, c.end, goal);
    EXPECT_TRUE(finite(s.root_delta) && finite(s.mid_delta)) << c.what;
    EXPECT_TRUE(finite(s.mid) && finite(s.end)) << c.what;
  }
}

TEST(TwoBoneIk, PositionWeightInterpolatesFromTheAnimation) {
  TwoBoneIkGoal goal;
  goal.target = {0.3f, -0.6f, 0.2f};
  goal.position_weight = 0.0f;
  const TwoBoneIkSolution none = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
  EXPECT_TRUE(same_rotation(none.root_delta, glm::quat(1, 0, 0, 0)));
  EXPECT_TRUE(vec3_near(none.end, kEnd));
  EXPECT_FALSE(none.reached);

  goal.position_weight = 0.5f;
  const TwoBoneIkSolution half = solve_two_bone_ik(kRoot, kMid, kEnd, goal);
  const float start_gap = glm::length(kEnd - goal.target);
  EXPECT_GT(glm::length(half.end - goal.target), 0.1f * start_gap);
  EXPECT_LT(glm::length(half.end - goal.target), 0.9f * start_gap);
  EXPECT_NEAR(glm::length(half.end - half.mid), kLower, 1e-5f);
}

// root (the parent, turned 30 degrees about Z) -> hip -> knee -> shin twist -> ankle -> toe.
Skeleton make_leg_skeleton() {
  Skeleton s;
  s.joint_names = {"root", "hip", "knee", "twist", "ankle", "toe"};
  s.parents = {kNoParent, 0, 1, 2, 3, 4};
  Transform root;
  root.translation = {0.0f, 1.0f, 0.0f};
  root.rotation = rotation_about(30.0f, {0, 0, 1});
  Transform hip;
  hip.translation = {0.1f, 0.0f, 0.0f};
  hip.rotation = rotation_about(-30.0f, {0, 0, 1});
  Transform knee;
  knee.translation = {0.0f, -0.45f, 0.0f};
  knee.rotation = rotation_about(-10.0f, {1, 0, 0});
  Transform twist;
  twist.translation = {0.0f, -0.2f, 0.0f};
  twist.rotation = rotation_about(20.0f, {0, 1, 0});
  Transform ankle;
  ankle.translation = {0.0f, -0.22f, 0.0f};
  Transform toe;
  toe.translation = {0.0f, -0.06f, 0.12f};
  s.rest_pose = {root, hip, knee, twist, ankle, toe};
  s.inverse_bind.assign(6, glm::mat4(1.0f));
  return s;
}

TEST(TwoBoneIk, ApplyWritesLocalRotationsThatReachTheTarget) {
  const Skeleton skeleton = make_leg_skeleton();
  std::vector<Transform> local = skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(local_to_model(skeleton, local, model));
  const glm::vec3 hip = glm::vec3(model[1][3]);

  TwoBoneIkGoal goal;
  goal.target = hip + glm::vec3(0.1f, -0.7f, 0.15f);
  goal.end_rotation = rotation_about(25.0f, {1, 0, 0});
  goal.rotation_weight = 1.0f;
  TwoBoneIkSolution solution;
  ASSERT_TRUE(apply_two_bone_ik(skeleton, model, local, {1, 2, 4}, goal, &solution));
  // Only the three chain joints' rotations change.
  EXPECT_TRUE(vec3_near(local[1].translation, skeleton.rest_pose[1].translation));
  EXPECT_TRUE(same_rotation(local[3].rotation, skeleton.rest_pose[3].rotation));
  EXPECT_TRUE(same_rotation(local[0].rotation, skeleton.rest_pose[0].rotation));

  std::vector<glm::mat4> solved(local.size());
  ASSERT_TRUE(local_to_model(skeleton, local, solved));
  EXPECT_LE(glm::length(glm::vec3(solved[4][3]) - goal.target), 1e-4f);
  EXPECT_TRUE(vec3_near(glm::vec3(solved[2][3]), solution.mid, 1e-4f));
  EXPECT_TRUE(vec3_near(glm::vec3(solved[1][3]), hip, 1e-5f));
  EXPECT_TRUE(same_rotation(model_rotation(solved[4]), goal.end_rotation, 1e-5f));
  EXPECT_NEAR(glm::length(glm::vec3(solved[2][3]) - hip), 0.45f, 1e-5f);
  EXPECT_NEAR(glm::length(glm::vec3(solved[4][3]) - glm::vec3(solved[2][3])), 0.42f, 1e-5f);
}

TEST(TwoBoneIk, ApplyReachesTheTargetUnderAScaledTurnedParent) {
  // A centimetre rig's root: scaled 100 times and turned, as FBX files often have it. The chain's
  // model rotations compose with the root's, whatever its uniform scale.
  Skeleton skeleton = make_leg_skeleton();
  skeleton.rest_pose[0].scale = glm::vec3(100.0f);
  skeleton.rest_pose[0].rotation = rotation_about(30.0f, {0, 0, 1});
  std::vector<Transform> local = skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(local_to_model(skeleton, local, model));
  const glm::vec3 hip = glm::vec3(model[1][3]);

  TwoBoneIkGoal goal;
  goal.target = hip + 100.0f * glm::vec3(0.1f, -0.7f, 0.15f);
  goal.end_rotation = rotation_about(25.0f, {1, 0, 0});
  goal.rotation_weight = 1.0f;
  ASSERT_TRUE(apply_two_bone_ik(skeleton, model, local, {1, 2, 4}, goal));
  std::vector<glm::mat4> solved(local.size());
  ASSERT_TRUE(local_to_model(skeleton, local, solved));
  EXPECT_LE(glm::length(glm::vec3(solved[4][3]) - goal.target), 1e-2f);  // 0.1 mm in cm
  EXPECT_TRUE(same_rotation(model_rotation(solved[4]), goal.end_rotation, 1e-5f));
  EXPECT_NEAR(glm::length(glm::vec3(solved[2][3]) - hip), 45.0f, 1e-3f);
}

TEST(ModelRotation, ReadsTheRotationWhateverTheScale) {
  const glm::quat turn = glm::normalize(glm::quat(0.9f, 0.1f, -0.3f, 0.2f));
  const glm::mat4 rotation = glm::mat4_cast(turn);
  EXPECT_TRUE(same_rotation(model_rotation(rotation), turn, 1e-6f));
  // A scaled joint's columns are not unit: they are normalized first.
  const glm::mat4 scaled = glm::scale(rotation, glm::vec3(100.0f, 0.5f, 2.0f));
  EXPECT_TRUE(same_rotation(model_rotation(scaled), turn, 1e-6f));
  glm::mat4 broken = rotation;
  broken[1][2] = std::nanf("");
  EXPECT_TRUE(same_rotation(model_rotation(broken), glm::quat(1, 0, 0, 0), 0.0f));
  EXPECT_TRUE(same_rotation(model_rotation(glm::mat4(0.0f)), glm::quat(1, 0, 0, 0), 0.0f));
}

TEST(TwoBoneIk, ApplyRejectsEachBadArgument) {
  const Skeleton skeleton = make_leg_skeleton();
  std::vector<Transform> local = skeleton.rest_pose;
  std::vector<glm::mat4> model(local.size());
  ASSERT_TRUE(local_to_model(skeleton, local, model));
  const TwoBoneIkGoal goal;
  std::vector<glm::mat4> short_model(3);
  std::vector<Transform> short_local(3);
  EXPECT_FALSE(apply_two_bone_ik(skeleton, short_model, local, {1, 2, 4}, goal));
  EXPECT_FALSE(apply_two_bone_ik(skeleton, model, short_local, {1, 2, 4}, goal));
  EXPECT_STREQ(validate(skeleton, {-1, 2, 4}), "two-bone IK root joint is out of range");
  EXPECT_STREQ(validate(skeleton, {1, 6, 4}), "two-bone IK mid joint is out of range");
  EXPECT_STREQ(validate(skeleton, {1, 2, 9}), "two-bone IK end joint is out of range");
  EXPECT_STREQ(validate(skeleton, {2, 1, 4}), "two-bone IK mid joint is not below the root");
  EXPECT_STREQ(validate(skeleton, {1, 4, 3}), "two-bone IK end joint is not below the mid");
  EXPECT_EQ(validate(skeleton, {1, 2, 4}), nullptr);
  const JobResult bad = apply_two_bone_ik(skeleton, model, local, {2, 1, 4}, goal);
  ASSERT_FALSE(bad);
  EXPECT_STREQ(bad.error, "two-bone IK mid joint is not below the root");
  for (std::size_t i = 0; i < local.size(); ++i) {
    EXPECT_TRUE(same_rotation(local[i].rotation, skeleton.rest_pose[i].rotation));  // untouched
  }
}

using testing::same_bits;

void expect_same_solution(const TwoBoneIkSolution& a, const TwoBoneIkSolution& b, int round) {
  EXPECT_TRUE(same_bits(a.root_delta, b.root_delta)) << "round " << round;
  EXPECT_TRUE(same_bits(a.mid_delta, b.mid_delta)) << "round " << round;
  EXPECT_TRUE(same_bits(a.mid, b.mid)) << "round " << round;
  EXPECT_TRUE(same_bits(a.end, b.end)) << "round " << round;
  EXPECT_EQ(a.reached, b.reached) << "round " << round;
}

// Random chains, some of them degenerate the ways the solve guards against: a zero-length bone,
// a straight chain, a target at the root, a pole along the line, a non-finite target, a chain
// folded onto its root, no pole, a target at full reach.
TwoBoneIkChain random_chain(std::mt19937& random) {
  std::uniform_real_distribution<float> coordinate(-1.0f, 1.0f);
  std::uniform_real_distribution<float> unit_interval(0.0f, 1.0f);
  std::uniform_int_distribution<int> oddity(0, 13);
  auto point = [&] {
    return glm::vec3(coordinate(random), coordinate(random), coordinate(random));
  };
  TwoBoneIkChain c{point(), point(), point(), {}};
  c.goal.target = point();
  c.goal.pole = point();
  c.goal.position_weight = unit_interval(random) < 0.5f ? 1.0f : unit_interval(random);
  c.goal.soft_fraction = 0.05f * unit_interval(random);
  switch (oddity(random)) {
    case 0:
      c.mid = c.root;
      break;
    case 1:
      c.end = c.mid + 0.5f * (c.mid - c.root);
      break;
    case 2:
      c.goal.target = c.root;
      break;
    case 3:
      c.goal.pole = c.goal.target - c.root;
      break;
    case 4:
      c.goal.target.x = std::nanf("");
      break;
    case 5:
      c.goal.target = c.root + 3.0f * (c.goal.target - c.root);
      break;  // out of reach
    case 6:
      c.end = c.root;
      break;
    case 7:
      c.goal.pole = glm::vec3(0.0f);
      break;
    case 8:
      c.goal.target = c.root + (glm::length(c.mid - c.root) + glm::length(c.end - c.mid)) *
                                   glm::normalize(c.goal.target - c.root);
      c.goal.soft_fraction = 0.0f;
      break;
    default:
      break;
  }
  return c;
}

TEST(TwoBoneIkPair, SolvesEachChainBitForBitAsItsSolveAlone) {
  std::mt19937 random(46);
  for (int round = 0; round < 5000; ++round) {
    const std::array<TwoBoneIkChain, 2> chains{random_chain(random), random_chain(random)};
    const std::array<TwoBoneIkSolution, 2> pair = solve_two_bone_ik_pair(chains);
    for (int k = 0; k < 2; ++k) {
      const TwoBoneIkChain& c = chains[static_cast<std::size_t>(k)];
      expect_same_solution(pair[static_cast<std::size_t>(k)],
                           solve_two_bone_ik(c.root, c.mid, c.end, c.goal), round);
    }
    if (HasFailure()) break;
  }
}

// Two legs below a turned pelvis: 0 root, 1 pelvis, 2-4 left hip, knee, ankle, 5-7 right.
Skeleton make_two_leg_skeleton() {
  Skeleton s;
  s.parents = {-1, 0, 1, 2, 3, 1, 5, 6};
  const Transform root{{0.0f, 0.0f, 0.0f}, rotation_about(20.0f, {0, 1, 0}), glm::vec3(1.0f)};
  const Transform pelvis{{0.0f, 1.0f, 0.0f}, rotation_about(-10.0f, {1, 0, 0}), glm::vec3(1.0f)};
  auto hip = [](float x) {
    return Transform{{x, 0.0f, 0.0f}, rotation_about(5.0f * x, {0, 0, 1}), glm::vec3(1.0f)};
  };
  const Transform knee{{0.0f, -0.45f, 0.0f}, rotation_about(15.0f, {1, 0, 0}), glm::vec3(1.0f)};
  const Transform ankle{{0.0f, -0.42f, 0.0f}, rotation_about(-8.0f, {1, 0, 0}), glm::vec3(1.0f)};
  s.rest_pose = {root, pelvis, hip(0.1f), knee, ankle, hip(-0.1f), knee, ankle};
  s.inverse_bind.assign(s.rest_pose.size(), glm::mat4(1.0f));
  return s;
}

TEST(TwoBoneIkPair, ApplyWritesWhatTheTwoChainsAppliedInTurnWrite) {
  const Skeleton skeleton = make_two_leg_skeleton();
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  ASSERT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  const std::array<TwoBoneIkJoints, 2> joints{TwoBoneIkJoints{2, 3, 4}, TwoBoneIkJoints{5, 6, 7}};
  std::array<TwoBoneIkGoal, 2> goals;
  goals[0].target = glm::vec3(model[2][3]) + glm::vec3(0.1f, -0.7f, 0.15f);
  goals[1].target = glm::vec3(model[5][3]) + glm::vec3(-0.05f, -0.95f, 0.0f);  // beyond reach
  for (TwoBoneIkGoal& goal : goals) {
    goal.end_rotation = rotation_about(25.0f, {1, 0, 0});
    goal.rotation_weight = 0.7f;
  }
  std::vector<Transform> in_turn = skeleton.rest_pose;
  TwoBoneIkSolution first;
  TwoBoneIkSolution second;
  ASSERT_TRUE(apply_two_bone_ik(skeleton, model, in_turn, joints[0], goals[0], &first));
  ASSERT_TRUE(apply_two_bone_ik(skeleton, model, in_turn, joints[1], goals[1], &second));
  std::vector<Transform> paired = skeleton.rest_pose;
  std::array<TwoBoneIkSolution, 2> solutions;
  ASSERT_TRUE(apply_two_bone_ik_pair(skeleton, model, paired, joints, goals, &solutions));
  expect_same_solution(solutions[0], first, 0);
  expect_same_solution(solutions[1], second, 1);
  EXPECT_TRUE(first.reached);
  EXPECT_FALSE(second.reached);
  for (std::size_t j = 0; j < paired.size(); ++j) {
    EXPECT_TRUE(same_bits(paired[j], in_turn[j])) << "joint " << j;
  }
  // Both legs moved: the pair did not skip a chain.
  EXPECT_FALSE(same_rotation(paired[2].rotation, skeleton.rest_pose[2].rotation));
  EXPECT_FALSE(same_rotation(paired[5].rotation, skeleton.rest_pose[5].rotation));
  // Given the hips' rotations as model_rotations reads them, the pair writes the same; given
  // others, it uses them.
  const std::array<glm::quat, 4> read = model_rotations(model, {1, 1, kNoParent, kNoParent});
  const std::array<glm::quat, 2> hips{read[0], read[1]};
  std::vector<Transform> given = skeleton.rest_pose;
  ASSERT_TRUE(apply_two_bone_ik_pair(skeleton, model, given, joints, goals, nullptr, &hips));
  for (std::size_t j = 0; j < given.size(); ++j) {
    EXPECT_TRUE(same_bits(given[j], in_turn[j])) << "joint " << j;
  }
  const std::array<glm::quat, 2> turned{read[0] * rotation_about(30.0f, {0, 1, 0}), read[1]};
  given = skeleton.rest_pose;
  ASSERT_TRUE(apply_two_bone_ik_pair(skeleton, model, given, joints, goals, nullptr, &turned));
  EXPECT_FALSE(same_rotation(given[2].rotation, in_turn[2].rotation, 1e-3f));
}

// The pair's writes, for random goals of each kind the end's rotation takes: full, partial and
// no weight, a zero or non-finite rotation, one too long or too short to square.
TEST(TwoBoneIkPair, ApplyWritesWhatTheChainsInTurnWriteForEveryKindOfEndGoal) {
  const Skeleton skeleton = make_two_leg_skeleton();
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  ASSERT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  const std::array<TwoBoneIkJoints, 2> joints{TwoBoneIkJoints{2, 3, 4}, TwoBoneIkJoints{5, 6, 7}};
  std::mt19937 random(46);
  std::uniform_real_distribution<float> coordinate(-1.0f, 1.0f);
  std::uniform_int_distribution<int> kind(0, 7);
  int moved_ends = 0;
  for (int round = 0; round < 2000; ++round) {
    std::array<TwoBoneIkGoal, 2> goals;
    for (std::size_t k = 0; k < 2; ++k) {
      TwoBoneIkGoal& goal = goals[k];
      goal.target = glm::vec3(model[static_cast<std::size_t>(joints[k].root)][3]) +
                    glm::vec3(0.3f * coordinate(random), -0.5f + 0.4f * coordinate(random),
                              0.3f * coordinate(random));
      goal.end_rotation =
          glm::quat(coordinate(random), coordinate(random), coordinate(random), coordinate(random));
      goal.rotation_weight = 1.0f;
      switch (kind(random)) {
        case 0:
          goal.rotation_weight = 0.0f;
          break;
        case 1:
          goal.rotation_weight = 0.5f;
          break;
        case 2:
          goal.rotation_weight = 1.5f;
          break;
        case 3:
          goal.end_rotation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
          break;
        case 4:
          goal.end_rotation.x = std::nanf("");
          break;
        case 5:
          goal.end_rotation *= 1e30f;  // its squared length overflows
          break;
        case 6:
          goal.end_rotation *= 1e-25f;  // its squared length underflows to zero
          break;
        default:
          break;
      }
    }
    std::vector<Transform> in_turn = skeleton.rest_pose;
    ASSERT_TRUE(apply_two_bone_ik(skeleton, model, in_turn, joints[0], goals[0]));
    ASSERT_TRUE(apply_two_bone_ik(skeleton, model, in_turn, joints[1], goals[1]));
    std::vector<Transform> paired = skeleton.rest_pose;
    ASSERT_TRUE(apply_two_bone_ik_pair(skeleton, model, paired, joints, goals));
    for (std::size_t j = 0; j < paired.size(); ++j) {
      EXPECT_TRUE(same_bits(paired[j], in_turn[j])) << "round " << round << " joint " << j;
    }
    moved_ends += !same_bits(paired[4], skeleton.rest_pose[4]);
    if (HasFailure()) break;
  }
  EXPECT_GT(moved_ends, 500);  // the ends' rotations were written, not only left alone
}

// The validated pair (no checks, no solutions copied out) writes what the checked pair and the
// chains applied in turn write, and returns their solutions' reached, bit for bit: on legs that
// take the lanes, legs with a twist joint below the knee (chains in turn), random goals reachable
// or not and degenerate targets (at the hip, NaN) that leave a chain unsolved or to the single
// solve, with and without the hips' rotations given.
TEST(TwoBoneIkPair, ValidatedApplyWritesWhatTheCheckedApplyWrites) {
  const Skeleton direct = make_two_leg_skeleton();
  // The same legs with a twist joint (4) between the left knee and ankle: 5-7 the right leg.
  Skeleton twisted;
  twisted.parents = {-1, 0, 1, 2, 3, 4, 1, 6, 7};
  const std::vector<Transform>& rest = direct.rest_pose;
  twisted.rest_pose = {rest[0], rest[1], rest[2], rest[3], Transform{},
                       rest[4], rest[5], rest[6], rest[7]};
  twisted.inverse_bind.assign(twisted.rest_pose.size(), glm::mat4(1.0f));
  std::mt19937 random(46);
  std::uniform_real_distribution<float> coordinate(-1.0f, 1.0f);
  std::uniform_int_distribution<int> kind(0, 7);
  std::array<int, 2> reached_counts{};
  for (int round = 0; round < 3000; ++round) {
    const Skeleton& skeleton = round % 3 == 2 ? twisted : direct;
    std::vector<Transform> pose = skeleton.rest_pose;
    for (Transform& t : pose) {
      t.rotation = glm::normalize(t.rotation *
                                  rotation_about(20.0f * coordinate(random),
                                                 {coordinate(random), coordinate(random), 1.0f}));
    }
    std::vector<glm::mat4> model(pose.size());
    ASSERT_TRUE(local_to_model(skeleton, pose, model));
    const std::array<TwoBoneIkJoints, 2> joints =
        &skeleton == &direct ? std::array{TwoBoneIkJoints{2, 3, 4}, TwoBoneIkJoints{5, 6, 7}}
                             : std::array{TwoBoneIkJoints{2, 3, 5}, TwoBoneIkJoints{6, 7, 8}};
    std::array<TwoBoneIkGoal, 2> goals;
    for (std::size_t k = 0; k < 2; ++k) {
      TwoBoneIkGoal& goal = goals[k];
      const glm::vec3 hip(model[static_cast<std::size_t>(joints[k].root)][3]);
      goal.target = hip + glm::vec3(0.4f * coordinate(random), -0.6f + 0.5f * coordinate(random),
                                    0.4f * coordinate(random));
      goal.pole = glm::vec3(coordinate(random), coordinate(random), coordinate(random));
      goal.end_rotation = glm::normalize(
          glm::quat(coordinate(random), coordinate(random), coordinate(random), 1.0f));
      goal.rotation_weight = round % 4 == 0 ? 0.0f : 1.0f;
      goal.position_weight = round % 5 == 0 ? 0.5f : 1.0f;
      switch (kind(random)) {
        case 0:
          goal.target = hip;
          break;
        case 1:
          goal.target.y = std::nanf("");
          break;
        case 2:
          goal.target = hip + glm::vec3(0.0f, -2.0f, 0.0f);  // beyond reach
          break;
        default:
          break;
      }
    }
    const std::array<glm::quat, 4> pelvis = model_rotations(model, {1, 1, kNoParent, kNoParent});
    const std::array<glm::quat, 2> hips{pelvis[0], pelvis[1]};
    const std::array<glm::quat, 2>* given = round % 2 == 0 ? &hips : nullptr;
    std::vector<Transform> checked = pose;
    std::array<TwoBoneIkSolution, 2> solutions;
    ASSERT_TRUE(apply_two_bone_ik_pair(skeleton, model, checked, joints, goals, &solutions, given));
    std::vector<Transform> validated = pose;
    const std::array<bool, 2> reached =
        apply_validated_two_bone_ik_pair(skeleton, model, validated, joints, goals, given);
    // And what the chains applied in turn write (without given hips: read from the matrices).
    std::vector<Transform> in_turn = pose;
    std::array<TwoBoneIkSolution, 2> each;
    for (std::size_t k = 0; k < 2; ++k) {
      ASSERT_TRUE(apply_two_bone_ik(skeleton, model, in_turn, joints[k], goals[k], &each[k]));
    }
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_EQ(reached[k], solutions[k].reached) << "round " << round << " chain " << k;
      EXPECT_EQ(reached[k], each[k].reached) << "round " << round << " chain " << k;
      reached_counts[reached[k]] += 1;
    }
    for (std::size_t j = 0; j < pose.size(); ++j) {
      EXPECT_TRUE(same_bits(validated[j], checked[j])) << "round " << round << " joint " << j;
      EXPECT_TRUE(same_bits(validated[j], in_turn[j])) << "round " << round << " joint " << j;
    }
    if (HasFailure()) break;
  }
  // Both answers came up often: reached was not merely constant.
  EXPECT_GT(reached_counts[0], 500);
  EXPECT_GT(reached_counts[1], 500);
}

TEST(TwoBoneIkPair, ApplyRejectsABadChainWritingNothing) {
  const Skeleton skeleton = make_two_leg_skeleton();
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  ASSERT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  std::vector<Transform> local = skeleton.rest_pose;
  const JobResult bad =
      apply_two_bone_ik_pair(skeleton, model, local, {TwoBoneIkJoints{2, 3, 4}, {5, 3, 7}}, {});
  ASSERT_FALSE(bad);
  EXPECT_STREQ(bad.error, "two-bone IK mid joint is not below the root");
  for (std::size_t j = 0; j < local.size(); ++j) {
    EXPECT_TRUE(same_bits(local[j], skeleton.rest_pose[j])) << "joint " << j;
  }
}

// model_rotations against model_rotation, bit for bit: rotations whose largest component is each
// of w, x, y and z (quat_cast's four branches), with no scale, with scale (the columns are then
// normalized first) and with rounding off unit columns, a NaN, a zero matrix, and no joint.
TEST(ModelRotations, ReadsEachMatrixBitForBitAsModelRotation) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> component(-1.0f, 1.0f);
  std::uniform_int_distribution<int> kind(0, 9);
  std::vector<glm::mat4> model(64);
  for (int round = 0; round < 2000; ++round) {
    for (glm::mat4& m : model) {
      glm::quat q(component(random), component(random), component(random), component(random));
      // Make one component the largest, so that every branch of quat_cast is taken.
      (&q.x)[std::uniform_int_distribution<int>(0, 3)(random)] *= 4.0f;
      m = glm::mat4_cast(glm::normalize(q));
      m[3] = glm::vec4(component(random), component(random), component(random), 1.0f);
      switch (kind(random)) {
        case 0:
          m = glm::scale(m, glm::vec3(2.0f + component(random), 1.0f, 0.5f));
          break;
        case 1:
          m = glm::scale(m, glm::vec3(1.0f + 1e-6f * component(random)));
          break;
        case 2:
          m[std::uniform_int_distribution<int>(0, 2)(random)][1] = std::nanf("");
          break;
        case 3:
          m = glm::mat4(0.0f);
          break;
        default:
          break;
      }
    }
    std::uniform_int_distribution<int> joint(-1, static_cast<int>(model.size()) - 1);
    const std::array<int, 4> joints{joint(random), joint(random), joint(random), joint(random)};
    const std::array<glm::quat, 4> read = model_rotations(model, joints);
    for (std::size_t k = 0; k < 4; ++k) {
      const glm::quat expected = joints[k] == kNoParent ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                                                        : model_rotation(model[joints[k]]);
      EXPECT_TRUE(same_bits(read[k], expected)) << "round " << round << " lane " << k;
    }
  }
}

}  // namespace
}  // namespace anim
