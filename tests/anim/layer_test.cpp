#include "anim/layer.h"

#include <gtest/gtest.h>

#include <vector>

#include <glm/gtc/quaternion.hpp>

namespace anim {
namespace {

// root(0) -> spine(1) -> arm(2), root -> leg(3).
Skeleton make_skeleton() {
  Skeleton s;
  s.joint_names = {"root", "spine", "arm", "leg"};
  s.parents = {kNoParent, 0, 1, 0};
  s.rest_pose.resize(4);
  s.inverse_bind.assign(4, glm::mat4(1.0f));
  return s;
}

const glm::vec3 kY(0.0f, 1.0f, 0.0f);
const glm::vec3 kZ(0.0f, 0.0f, 1.0f);

float angle_about(const glm::quat& q, const glm::vec3& axis) {
  return 2.0f * std::atan2(glm::dot(glm::vec3(q.x, q.y, q.z), axis), q.w);
}

TEST(Layer, MaskCoversTheNamedJointsAndTheirDescendants) {
  const Skeleton s = make_skeleton();
  std::vector<float> mask;
  const std::vector<std::string> upper = {"spine"};
  ASSERT_EQ(make_joint_mask(s, upper, mask), "");
  EXPECT_EQ(mask, (std::vector<float>{0.0f, 1.0f, 1.0f, 0.0f}));
  const std::vector<std::string> two = {"arm", "leg"};
  ASSERT_EQ(make_joint_mask(s, two, mask), "");
  EXPECT_EQ(mask, (std::vector<float>{0.0f, 0.0f, 1.0f, 1.0f}));
}

TEST(Layer, MaskNamesAnUnknownJoint) {
  const Skeleton s = make_skeleton();
  std::vector<float> mask = {0.5f};
  const std::vector<std::string> names = {"spine", "tail"};
  EXPECT_NE(make_joint_mask(s, names, mask).find("'tail'"), std::string::npos);
  EXPECT_EQ(mask, std::vector<float>{0.5f});  // unchanged
}

TEST(Layer, OverrideBlendsOnlyMaskedJointsByWeight) {
  std::vector<Transform> base(4), wave(4);
  for (Transform& t : wave) {
    t.translation = {2.0f, 0.0f, 0.0f};
    t.rotation = glm::angleAxis(glm::radians(90.0f), kY);
    t.scale = glm::vec3(3.0f);
  }
  Layer layer{"wave", LayerMode::Override, 0.5f, {0.0f, 1.0f, 1.0f, 0.0f}, {}};
  ASSERT_TRUE(apply_layer(layer, wave, base));
  EXPECT_EQ(base[0].translation, glm::vec3(0.0f));
  EXPECT_EQ(base[3].rotation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  for (int j : {1, 2}) {
    EXPECT_FLOAT_EQ(base[j].translation.x, 1.0f);
    EXPECT_NEAR(angle_about(base[j].rotation, kY), glm::radians(45.0f), 1e-5f);
    EXPECT_FLOAT_EQ(base[j].scale.y, 2.0f);
  }
}

TEST(Layer, FullWeightOverrideWithoutMaskReplacesThePose) {
  std::vector<Transform> base(4), other(4);
  other[2].translation = {0.0f, 0.0f, 5.0f};
  other[2].rotation = glm::angleAxis(1.0f, kZ);
  Layer layer{"all", LayerMode::Override, 1.0f, {}, {}};
  ASSERT_TRUE(apply_layer(layer, other, base));
  EXPECT_FLOAT_EQ(base[2].translation.z, 5.0f);
  EXPECT_NEAR(angle_about(base[2].rotation, kZ), 1.0f, 1e-6f);
}

TEST(Layer, AdditiveAddsTheDeltaScaledByWeightAndMask) {
  std::vector<Transform> base(4), delta(4);
  for (Transform& t : base) t.rotation = glm::angleAxis(glm::radians(30.0f), kZ);
  for (Transform& t : delta) t.rotation = glm::angleAxis(glm::radians(20.0f), kZ);
  Layer full{"lean", LayerMode::Additive, 1.0f, {1.0f, 1.0f, 0.5f, 0.0f}, {}};
  ASSERT_TRUE(apply_layer(full, delta, base));
  EXPECT_NEAR(angle_about(base[0].rotation, kZ), glm::radians(50.0f), 1e-5f);
  // Half weight: nlerp half way from identity is exactly half the angle.
  EXPECT_NEAR(angle_about(base[2].rotation, kZ), glm::radians(40.0f), 1e-5f);
  EXPECT_NEAR(angle_about(base[3].rotation, kZ), glm::radians(30.0f), 1e-5f);
}

TEST(Layer, RejectsMismatchedSizesAndLeavesThePose) {
  std::vector<Transform> base(4), three(3);
  base[1].translation = {1.0f, 2.0f, 3.0f};
  Layer layer{"x", LayerMode::Override, 1.0f, {}, {}};
  EXPECT_FALSE(apply_layer(layer, three, base));
  layer.joint_mask = {1.0f, 1.0f};
  EXPECT_FALSE(apply_layer(layer, std::vector<Transform>(4), base));
  layer.joint_mask.clear();
  layer.weight = std::nanf("");
  EXPECT_FALSE(apply_layer(layer, std::vector<Transform>(4), base));
  EXPECT_EQ(base[1].translation, glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST(Layer, ModeNamesRoundTrip) {
  LayerMode mode = LayerMode::Override;
  ASSERT_TRUE(parse_layer_mode(to_string(LayerMode::Additive), mode));
  EXPECT_EQ(mode, LayerMode::Additive);
  EXPECT_FALSE(parse_layer_mode("multiply", mode));
}

}  // namespace
}  // namespace anim
