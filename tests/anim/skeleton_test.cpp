#include "anim/skeleton.h"

#include <limits>

#include <gtest/gtest.h>

namespace anim {
namespace {

Skeleton three_joints() {
  Skeleton s;
  s.joint_names = {"hips", "spine", "head"};
  s.parents = {kNoParent, 0, 1};
  s.rest_pose.resize(3);
  s.inverse_bind.assign(3, glm::mat4(1.0f));
  return s;
}

TEST(Skeleton, FindsJointsByName) {
  const Skeleton s = three_joints();
  EXPECT_EQ(s.joint_count(), 3);
  EXPECT_EQ(s.find_joint("hips"), 0);
  EXPECT_EQ(s.find_joint("head"), 2);
  EXPECT_EQ(s.find_joint("tail"), -1);
  EXPECT_EQ(s.find_joint(""), -1);
}

TEST(Skeleton, ValidateAcceptsAWellFormedSkeleton) {
  EXPECT_EQ(validate(three_joints()), "");
}

TEST(Skeleton, ValidateNamesEachBrokenInvariant) {
  Skeleton sizes = three_joints();
  sizes.inverse_bind.pop_back();
  EXPECT_NE(validate(sizes).find("differ in count"), std::string::npos);

  Skeleton order = three_joints();
  order.parents = {kNoParent, 2, 0};
  EXPECT_NE(validate(order).find("'spine' does not come after its parent"), std::string::npos);

  Skeleton self_parent = three_joints();
  self_parent.parents[1] = 1;
  EXPECT_NE(validate(self_parent).find("'spine'"), std::string::npos);

  Skeleton duplicate = three_joints();
  duplicate.joint_names[2] = "hips";
  EXPECT_NE(validate(duplicate).find("duplicate joint name 'hips'"), std::string::npos);

  Skeleton unnamed = three_joints();
  unnamed.joint_names[1].clear();
  EXPECT_NE(validate(unnamed).find("joint 1 has no name"), std::string::npos);

  Skeleton nan = three_joints();
  nan.rest_pose[2].rotation.x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_NE(validate(nan).find("'head' has a non-finite rest pose"), std::string::npos);
}

}  // namespace
}  // namespace anim
