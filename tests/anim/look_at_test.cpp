#include "anim/look_at.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include "anim/math.h"
#include "anim/two_bone_ik.h"
#include "procedural_skeletons.h"

namespace anim {
namespace {

using testing::make_torso;
using testing::model_of;
using testing::position;

constexpr float kDegree = glm::pi<float>() / 180.0f;

LookAtRig torso_rig() {
  LookAtRig rig;
  for (int j : {1, 2, 3}) rig.joints.push(j);
  rig.weights = {0.2f, 0.3f, 0.5f};
  rig.aim_axis = glm::vec3(0, 0, 1);
  return rig;
}

float angle_between(const glm::vec3& a, const glm::vec3& b) {
  return std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0f, 1.0f));
}

glm::vec3 aim_of(const std::vector<glm::mat4>& model, const LookAtRig& rig) {
  return model_rotation(model[3]) * rig.aim_axis;
}

TEST(LookAt, PointsTheAimAxisAtAReachableTarget) {
  const Skeleton s = make_torso();
  const LookAtRig rig = torso_rig();
  for (const glm::vec3 target :
       {glm::vec3(1, 1.9f, 1), glm::vec3(-0.5f, 1.2f, 2), glm::vec3(0.3f, 2.5f, 0.4f)}) {
    std::vector<Transform> local = s.rest_pose;
    std::vector<glm::mat4> model = model_of(s, local);
    ASSERT_TRUE(run_look_at(s, rig, {target, 1.5f}, local, model));
    EXPECT_LT(angle_between(aim_of(model, rig), target - position(model, 3)), 0.5f * kDegree);
    // model was kept up to date: it is the model pose of the new local pose.
    const std::vector<glm::mat4> fresh = model_of(s, local);
    EXPECT_NEAR(glm::distance(position(fresh, 3), position(model, 3)), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::distance(position(fresh, 9), position(model, 9)), 0.0f, 1e-5f);
  }
}

TEST(LookAt, StopsAtTheLimitAndSharesTheTurnByWeight) {
  const Skeleton s = make_torso();
  const LookAtRig rig = torso_rig();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  // 135 degrees to the left and behind, limit 60: the turn is 60 degrees about +Y, of which the
  // spine takes 0.2 (12), the neck 0.3 (18) and the head 0.5 (30).
  ASSERT_TRUE(run_look_at(s, rig, {glm::vec3(1, 1.7f, -1), 60.0f * kDegree}, local, model));
  EXPECT_NEAR(angle_between(aim_of(model, rig), glm::vec3(0, 0, 1)), 60.0f * kDegree,
              0.5f * kDegree);
  const glm::vec3 expected = glm::vec3(std::sin(60.0f * kDegree), 0, std::cos(60.0f * kDegree));
  EXPECT_LT(angle_between(aim_of(model, rig), expected), 0.5f * kDegree);
  const float shares[] = {12.0f, 18.0f, 30.0f};
  for (int k = 0; k < 3; ++k) {
    const glm::quat q = local[static_cast<std::size_t>(k + 1)].rotation;
    EXPECT_NEAR(glm::angle(q), shares[k] * kDegree, 0.01f * kDegree) << "joint " << k + 1;
    EXPECT_NEAR(std::fabs(glm::axis(q).y), 1.0f, 1e-4f);
  }
}

TEST(LookAt, MakesItsRigFromTheRigsHeadNeckAndChest) {
  Skeleton s = make_torso();
  // The head's rest frame is turned 90 degrees about +Y: forward (+Z) is its local -X.
  s.rest_pose[3].rotation = glm::angleAxis(glm::half_pi<float>(), glm::vec3(0, 1, 0));
  Rig rig;
  rig.spine = {1};
  rig.neck = 2;
  rig.head = 3;
  const LookAtRig look = make_look_at_rig(rig, model_of(s, s.rest_pose));
  ASSERT_EQ(look.joints.count, 3);
  EXPECT_EQ(look.joints.joints[0], 1);
  EXPECT_EQ(look.joints.joints[2], 3);
  EXPECT_NEAR(look.aim_axis.x, -1.0f, 1e-5f);
  EXPECT_NEAR(look.weights[0] + look.weights[1] + look.weights[2], 1.0f, 1e-6f);
  EXPECT_EQ(make_look_at_rig(Rig{}, model_of(s, s.rest_pose)).joints.count, 0);
}

TEST(LookAt, RejectsEachBadInput) {
  const Skeleton s = make_torso();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  const LookAtRig good = torso_rig();
  const LookAtGoal goal{glm::vec3(0, 2, 1), 1.0f};
  EXPECT_TRUE(run_look_at(s, good, goal, local, model));
  LookAtRig bad = good;
  bad.joints.joints[1] = 4;  // the tail is not below the spine
  EXPECT_FALSE(run_look_at(s, bad, goal, local, model));
  bad = good;
  bad.weights[2] = 0.0f;
  EXPECT_FALSE(run_look_at(s, bad, goal, local, model));
  bad = good;
  bad.weights[0] = -1.0f;
  EXPECT_FALSE(run_look_at(s, bad, goal, local, model));
  EXPECT_FALSE(run_look_at(s, good, {goal.target, 0.0f}, local, model));
  EXPECT_FALSE(run_look_at(s, good, {glm::vec3(NAN, 0, 0), 1.0f}, local, model));
  EXPECT_FALSE(run_look_at(s, good, goal, std::span<Transform>(local).first(2), model));
}

}  // namespace
}  // namespace anim
