#include "demo/demo_skeleton.h"

#include <gtest/gtest.h>

#include <string>

namespace demo {
namespace {

// Model-space rest position of a joint: with identity rest rotations, the sum of the offsets.
glm::vec3 rest_position(const anim::Skeleton& s, const std::string& name) {
  glm::vec3 p(0.0f);
  for (int j = s.find_joint(name); j != anim::kNoParent; j = s.parents[j]) {
    p += s.rest_pose[j].translation;
  }
  return p;
}

float distance(const anim::Skeleton& s, const std::string& a, const std::string& b) {
  return glm::length(rest_position(s, a) - rest_position(s, b));
}

TEST(DemoSkeleton, IsAValidHumanoidWithTheDocumentedJoints) {
  const anim::Skeleton s = make_demo_skeleton();
  EXPECT_EQ(anim::validate(s), "");
  EXPECT_EQ(s.joint_count(), 28);
  EXPECT_EQ(s.joint_names[0], kDemoRootJoint);
  EXPECT_EQ(s.parents[0], anim::kNoParent);
  for (const std::string base : {"clavicle", "upperarm", "forearm", "forearm_twist", "hand",
                                 "fingers", "thumb", "thigh", "calf", "foot", "toes"}) {
    EXPECT_GE(s.find_joint(base + "_l"), 0) << base;
    EXPECT_GE(s.find_joint(base + "_r"), 0) << base;
  }
  for (const std::string name : {"spine_01", "spine_02", "chest", "neck", "head"}) {
    EXPECT_GE(s.find_joint(name), 0) << name;
  }
}

TEST(DemoSkeleton, RestPoseIsAnUnrotatedTPoseAndInverseBindUndoesIt) {
  const anim::Skeleton s = make_demo_skeleton();
  for (int j = 0; j < s.joint_count(); ++j) {
    EXPECT_EQ(s.rest_pose[j].rotation, glm::quat(1, 0, 0, 0)) << s.joint_names[j];
    const glm::vec3 p = rest_position(s, s.joint_names[j]);
    const glm::vec4 back = s.inverse_bind[j] * glm::vec4(p, 1.0f);
    EXPECT_LT(glm::length(glm::vec3(back)), 1e-6f) << s.joint_names[j];
  }
  // T-pose: the arms run straight out along X at shoulder height.
  EXPECT_FLOAT_EQ(rest_position(s, "hand_l").y, rest_position(s, "upperarm_l").y);
  EXPECT_FLOAT_EQ(rest_position(s, "hand_r").x, -rest_position(s, "hand_l").x);
}

// Facing +Z with Y up: the character's left is +X, toes point forward.
TEST(DemoSkeleton, FacesPlusZWithItsLeftOnPlusX) {
  const anim::Skeleton s = make_demo_skeleton();
  EXPECT_GT(rest_position(s, "thigh_l").x, 0.0f);
  EXPECT_LT(rest_position(s, "thigh_r").x, 0.0f);
  EXPECT_GT(rest_position(s, "toes_l").z, rest_position(s, "foot_l").z + 0.1f);
  EXPECT_GT(rest_position(s, "head").y, rest_position(s, "chest").y);
}

// Segment lengths against anthropometric ratios of standing height H (Drillis & Contini):
// hip joint height 0.53 H, thigh 0.245 H, shank 0.246 H, shoulder height 0.818 H,
// forearm 0.146 H, ankle height 0.039 H. Within 5% of the ratio (or 1 cm for short ones).
TEST(DemoSkeleton, ProportionsFollowHumanRatiosOfA1m8Person) {
  const anim::Skeleton s = make_demo_skeleton();
  const float h = kDemoHeight_m;
  EXPECT_NEAR(rest_position(s, "thigh_l").y, 0.53f * h, 0.05f * 0.53f * h);
  EXPECT_NEAR(distance(s, "thigh_l", "calf_l"), 0.245f * h, 0.05f * 0.245f * h);
  EXPECT_NEAR(distance(s, "calf_l", "foot_l"), 0.246f * h, 0.05f * 0.246f * h);
  EXPECT_NEAR(rest_position(s, "upperarm_l").y, 0.818f * h, 0.05f * 0.818f * h);
  EXPECT_NEAR(distance(s, "forearm_l", "hand_l"), 0.146f * h, 0.05f * 0.146f * h);
  EXPECT_NEAR(rest_position(s, "foot_l").y, 0.039f * h, 0.01f);
  // The twist joint halves the forearm.
  EXPECT_FLOAT_EQ(distance(s, "forearm_l", "forearm_twist_l"),
                  distance(s, "forearm_twist_l", "hand_l"));
  // Legs straight below the hips in the rest pose: the feet stand on their ankle height.
  EXPECT_FLOAT_EQ(rest_position(s, "foot_l").x, rest_position(s, "thigh_l").x);
}

TEST(DemoSkeleton, IsTheSameEveryTime) {
  const anim::Skeleton a = make_demo_skeleton();
  const anim::Skeleton b = make_demo_skeleton();
  EXPECT_EQ(a.joint_names, b.joint_names);
  EXPECT_EQ(a.parents, b.parents);
  for (int j = 0; j < a.joint_count(); ++j) {
    EXPECT_EQ(a.rest_pose[j].translation, b.rest_pose[j].translation);
  }
}

}  // namespace
}  // namespace demo
