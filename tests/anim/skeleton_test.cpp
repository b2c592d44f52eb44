#include "anim/skeleton.h"

#include <limits>
#include <vector>

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

// Depth first, a subtree is one range; breadth first, it is not. Both visit the same joints.
TEST(Skeleton, ASubtreeIsOneRangeOnlyWhenItsJointsFollowEachOther) {
  Skeleton depth_first;  // 0 root, 1 thigh_l, 2 shin_l, 3 thigh_r, 4 shin_r
  depth_first.parents = {kNoParent, 0, 1, 0, 3};
  EXPECT_EQ(contiguous_subtree_end(depth_first, 0), 5);
  EXPECT_EQ(contiguous_subtree_end(depth_first, 1), 3);
  EXPECT_EQ(contiguous_subtree_end(depth_first, 3), 5);
  EXPECT_EQ(contiguous_subtree_end(depth_first, 4), 5);

  Skeleton breadth_first;  // 0 root, 1 thigh_l, 2 thigh_r, 3 shin_l, 4 shin_r
  breadth_first.parents = {kNoParent, 0, 0, 1, 2};
  EXPECT_EQ(contiguous_subtree_end(breadth_first, 1), -1);
  EXPECT_EQ(contiguous_subtree_end(breadth_first, 2), -1);
  EXPECT_EQ(contiguous_subtree_end(breadth_first, 0), 5);

  const auto visited = [](const Skeleton& skeleton, int joint) {
    std::vector<std::size_t> joints;
    for_each_in_subtree(skeleton, joint, [&](std::size_t j) { joints.push_back(j); });
    return joints;
  };
  EXPECT_EQ(visited(depth_first, 1), (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(visited(depth_first, 3), (std::vector<std::size_t>{3, 4}));
  EXPECT_EQ(visited(breadth_first, 1), (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(visited(breadth_first, 2), (std::vector<std::size_t>{2, 4}));
}

}  // namespace
}  // namespace anim
