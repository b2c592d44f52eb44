#include "anim/fabrik.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include "procedural_skeletons.h"

namespace anim {
namespace {

using testing::add_joint;
using testing::model_of;
using testing::position;

// A chain of five joints up +Y from 0.2 m with bones of 0.3, 0.2, 0.25 and 0.15 m (0.9 m).
Skeleton make_chain() {
  Skeleton s;
  add_joint(s, "root", kNoParent, {0, 0, 0});
  int parent = add_joint(s, "c0", 0, {0, 0.2f, 0});
  for (float length : {0.3f, 0.2f, 0.25f, 0.15f})
    parent = add_joint(s, "c", parent, {0, length, 0});
  for (int j = 2; j < s.joint_count(); ++j) s.joint_names[j] += std::to_string(j);
  return s;
}

FabrikChain chain_of(const Skeleton& s) {
  FabrikChain chain;
  for (int j = 1; j < s.joint_count(); ++j) chain.joints.push(j);
  return chain;
}

void expect_lengths_kept(const std::vector<glm::mat4>& model) {
  const float lengths[] = {0.3f, 0.2f, 0.25f, 0.15f};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(glm::distance(position(model, k + 1), position(model, k + 2)), lengths[k], 1e-5f);
  }
}

TEST(Fabrik, ReachesReachableTargetsAndKeepsEveryBone) {
  const Skeleton s = make_chain();
  for (const glm::vec3 target :
       {glm::vec3(0.4f, 0.5f, 0.2f), glm::vec3(-0.3f, 0.3f, 0.1f), glm::vec3(0.1f, 1.0f, -0.3f),
        glm::vec3(0.0f, 0.3f, 0.05f), glm::vec3(0.6f, 0.2f, 0.0f)}) {
    std::vector<Transform> local = s.rest_pose;
    std::vector<glm::mat4> model = model_of(s, local);
    FabrikResult result;
    FabrikGoal goal{target};
    // Folding back to 0.11 m from the root takes FABRIK 132 iterations, more than the default.
    if (target == glm::vec3(0.0f, 0.3f, 0.05f)) goal.max_iterations = 200;
    ASSERT_TRUE(run_fabrik(s, chain_of(s), goal, local, model, &result));
    // model is what local gives, and the end is on the target within 1e-4 of 0.9 m.
    model = model_of(s, local);
    EXPECT_LT(glm::distance(position(model, 5), target), 1e-4f * 0.9f)
        << target.x << " " << target.y;
    EXPECT_TRUE(result.reached);
    expect_lengths_kept(model);
    EXPECT_NEAR(glm::distance(position(model, 1), glm::vec3(0, 0.2f, 0)), 0.0f, 1e-6f);
  }
}

// Scaled joints (the root twice, c2 a further 1.5 times) take the write-back's path that reads
// each parent's rotation out of its matrix: the chain still reaches, its bones scaled.
TEST(Fabrik, ReachesUnderScaledJoints) {
  Skeleton s = make_chain();
  s.rest_pose[0].scale = glm::vec3(2.0f);
  s.rest_pose[0].rotation = glm::angleAxis(0.3f, glm::vec3(0, 0, 1));
  s.rest_pose[3].scale = glm::vec3(1.5f);
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  const glm::vec3 target(0.8f, 1.2f, 0.3f);
  FabrikResult result;
  ASSERT_TRUE(run_fabrik(s, chain_of(s), {target}, local, model, &result));
  const std::vector<glm::mat4> expected = model_of(s, local);
  for (std::size_t j = 0; j < model.size(); ++j) {
    EXPECT_LT(glm::distance(position(model, static_cast<int>(j)),
                            position(expected, static_cast<int>(j))),
              1e-5f)
        << j;
  }
  // The bones in model space: 0.3 and 0.2 m doubled, 0.25 and 0.15 m tripled (2.2 m in all).
  const float lengths[] = {0.6f, 0.4f, 0.75f, 0.45f};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(glm::distance(position(expected, k + 1), position(expected, k + 2)), lengths[k],
                1e-5f);
  }
  EXPECT_LT(glm::distance(position(expected, 5), target), 1e-4f * 2.2f);
  EXPECT_TRUE(result.reached);
}

TEST(Fabrik, StraightensTowardAnUnreachableTargetWithoutStretching) {
  const Skeleton s = make_chain();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  FabrikResult result;
  ASSERT_TRUE(run_fabrik(s, chain_of(s), {glm::vec3(3, 0.2f, 0)}, local, model, &result));
  model = model_of(s, local);
  expect_lengths_kept(model);
  EXPECT_NEAR(glm::distance(position(model, 5), glm::vec3(0.9f, 0.2f, 0)), 0.0f, 1e-5f);
  EXPECT_FALSE(result.reached);
  EXPECT_NEAR(result.distance_m, 2.1f, 1e-5f);
}

TEST(Fabrik, KeepsEachBoneWithinItsCone) {
  const Skeleton s = make_chain();
  FabrikChain chain = chain_of(s);
  const float cone = 20.0f * glm::pi<float>() / 180.0f;
  chain.cone_rad.fill(cone);
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  ASSERT_TRUE(run_fabrik(s, chain, {glm::vec3(0.5f, 0.3f, 0.0f)}, local, model));
  model = model_of(s, local);
  expect_lengths_kept(model);
  for (int j = 1; j < 5; ++j) {
    const glm::vec3 in = glm::normalize(position(model, j) - position(model, j - 1));
    const glm::vec3 out = glm::normalize(position(model, j + 1) - position(model, j));
    EXPECT_LE(std::acos(std::clamp(glm::dot(in, out), -1.0f, 1.0f)), cone + 1e-3f) << j;
  }
}

TEST(Fabrik, RejectsEachBadInput) {
  const Skeleton s = make_chain();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  const FabrikChain good = chain_of(s);
  EXPECT_TRUE(run_fabrik(s, good, {glm::vec3(0.3f, 0.5f, 0)}, local, model));
  FabrikChain bad = good;
  bad.joints.joints[2] = 1;
  EXPECT_FALSE(run_fabrik(s, bad, {glm::vec3(0.3f, 0.5f, 0)}, local, model));
  bad = good;
  bad.cone_rad[1] = -0.5f;
  EXPECT_FALSE(run_fabrik(s, bad, {glm::vec3(0.3f, 0.5f, 0)}, local, model));
  EXPECT_FALSE(run_fabrik(s, good, {glm::vec3(INFINITY, 0, 0)}, local, model));
  FabrikGoal no_iterations{glm::vec3(0.3f, 0.5f, 0)};
  no_iterations.max_iterations = 0;
  EXPECT_FALSE(run_fabrik(s, good, no_iterations, local, model));
  EXPECT_FALSE(
      run_fabrik(s, good, {glm::vec3(0.3f, 0.5f, 0)}, std::span<Transform>(local).first(3), model));
}

}  // namespace
}  // namespace anim
