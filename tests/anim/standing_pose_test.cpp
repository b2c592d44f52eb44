#include "anim/standing_pose.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_ik.h"
#include "anim/pose.h"

namespace anim {
namespace {

glm::vec3 position(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

// Mid-stride: the left leg swung forward 0.5 rad at the hip with the knee bent 0.8 rad, the right
// leg straight down with its foot planted, pitched atan(0.06 / 0.12) below the ground plane.
Skeleton mid_stride() {
  Skeleton s;
  auto add = [&](const char* name, int parent, glm::vec3 t, glm::quat r) {
    s.joint_names.push_back(name);
    s.parents.push_back(parent);
    Transform local;
    local.translation = t;
    local.rotation = r;
    s.rest_pose.push_back(local);
    s.inverse_bind.emplace_back(1.0f);
    return s.joint_count() - 1;
  };
  const glm::quat none(1.0f, 0.0f, 0.0f, 0.0f);
  const glm::vec3 x(1.0f, 0.0f, 0.0f);
  const int pelvis = add("pelvis", kNoParent, {0.0f, 1.0f, 0.0f}, none);
  add("spine", pelvis, {0.0f, 0.3f, 0.0f}, none);
  const int thigh_l = add("thigh_l", pelvis, {0.1f, 0.0f, 0.0f}, glm::angleAxis(-0.5f, x));
  const int calf_l = add("calf_l", thigh_l, {0.0f, -0.45f, 0.0f}, glm::angleAxis(0.8f, x));
  const int foot_l = add("foot_l", calf_l, {0.0f, -0.45f, 0.0f}, glm::angleAxis(-0.3f, x));
  add("toes_l", foot_l, {0.0f, -0.06f, 0.12f}, none);
  const int thigh_r = add("thigh_r", pelvis, {-0.1f, 0.0f, 0.0f}, none);
  const int calf_r = add("calf_r", thigh_r, {0.0f, -0.45f, 0.0f}, none);
  const int foot_r = add("foot_r", calf_r, {0.0f, -0.45f, 0.0f}, none);
  add("toes_r", foot_r, {0.0f, -0.06f, 0.12f}, none);
  return s;
}

std::vector<glm::mat4> model_of(const Skeleton& s, std::span<const Transform> local) {
  std::vector<glm::mat4> model(local.size());
  EXPECT_TRUE(local_to_model(s, local, model));
  return model;
}

TEST(StandingPose, StraightensEveryLegDownAndLevelsTheFeetToThePlantedOne) {
  Skeleton skeleton = mid_stride();
  const std::vector<glm::mat4> rest = model_of(skeleton, skeleton.rest_pose);
  std::string error;
  const FootIkRig rig = find_biped_rig(skeleton, rest, 0.0f, &error);
  ASSERT_EQ(rig.legs.size(), 2u) << error;
  skeleton.rest_pose = stand_legs(skeleton, rig.legs);
  const std::vector<glm::mat4> m = model_of(skeleton, skeleton.rest_pose);
  const float planted_pitch = std::atan2(0.06f, 0.12f);
  for (const Leg& leg : rig.legs) {
    const glm::vec3 hip = position(m[static_cast<std::size_t>(leg.thigh)]);
    const glm::vec3 knee = position(m[static_cast<std::size_t>(leg.calf)]);
    const glm::vec3 ankle = position(m[static_cast<std::size_t>(leg.foot)]);
    const glm::vec3 toes = position(m[static_cast<std::size_t>(leg.toes)]);
    // Straight down: 0.45 + 0.45 m below the hip, the knee half way.
    EXPECT_NEAR(glm::length(ankle - (hip - glm::vec3(0.0f, 0.9f, 0.0f))), 0.0f, 1e-5f);
    EXPECT_NEAR(glm::length(knee - (hip - glm::vec3(0.0f, 0.45f, 0.0f))), 0.0f, 1e-5f);
    // The foot faces forward (+Z) at the planted foot's pitch.
    const glm::vec3 along = toes - ankle;
    EXPECT_NEAR(along.x, 0.0f, 1e-5f);
    EXPECT_GT(along.z, 0.0f);
    EXPECT_NEAR(std::atan2(-along.y, along.z), planted_pitch, 1e-4f);
  }
  // Nothing above the hips moves.
  EXPECT_EQ(skeleton.rest_pose[1].rotation, mid_stride().rest_pose[1].rotation);
  EXPECT_EQ(skeleton.rest_pose[0].translation, mid_stride().rest_pose[0].translation);
}

TEST(StandingPose, LeavesTheRestPoseForLegsThatAreNotTheSkeletons) {
  const Skeleton skeleton = mid_stride();
  Leg bad;
  bad.thigh = 2;
  bad.calf = 3;
  bad.foot = 4;
  bad.toes = 42;
  const std::vector<Transform> out = stand_legs(skeleton, std::vector<Leg>{bad});
  ASSERT_EQ(out.size(), skeleton.rest_pose.size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    EXPECT_EQ(out[j].rotation, skeleton.rest_pose[j].rotation) << j;
  }
  EXPECT_EQ(stand_legs(skeleton, {}).size(), skeleton.rest_pose.size());
}

}  // namespace
}  // namespace anim
