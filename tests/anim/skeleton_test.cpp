#include "anim/skeleton.h"

#include <limits>
#include <random>
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

// The scan as first written, one parent at a time: the run of joints whose parents are at or
// after joint, then no later joint whose parent is in the run.
int contiguous_subtree_end_one_by_one(const Skeleton& skeleton, int joint) {
  const std::vector<int>& parents = skeleton.parents;
  const int n = skeleton.joint_count();
  int end = joint + 1;
  while (end < n && parents[as_size(end)] >= joint) ++end;
  for (int j = end; j < n; ++j) {
    if (parents[as_size(j)] >= joint && parents[as_size(j)] < end) return -1;
  }
  return end;
}

// A random hierarchy of n joints: most hang from the one before, as in depth-first skeletons, the
// others from any earlier joint or none.
Skeleton random_hierarchy(int n, std::mt19937& random) {
  Skeleton skeleton;
  for (int j = 0; j < n; ++j) {
    const bool chain = j > 0 && random() % 3 != 0;
    skeleton.parents.push_back(chain ? j - 1 : static_cast<int>(random() % as_size(j + 1)) - 1);
  }
  return skeleton;
}

// Hierarchies of 1 to 40 joints, so that runs end at every position of four and later joints
// below the run come at every position too.
TEST(Skeleton, SubtreeRangesAgreeWithAOneByOneScan) {
  std::mt19937 random(3);
  int contiguous = 0, split = 0;
  for (int round = 0; round < 2000; ++round) {
    const int n = 1 + round % 40;
    const Skeleton skeleton = random_hierarchy(n, random);
    for (int joint = 0; joint < n; ++joint) {
      const int expected = contiguous_subtree_end_one_by_one(skeleton, joint);
      ASSERT_EQ(contiguous_subtree_end(skeleton, joint), expected)
          << "joint " << joint << " of " << n << " in round " << round;
      ++(expected < 0 ? split : contiguous);
    }
  }
  EXPECT_GT(split, 1000);
  EXPECT_GT(contiguous, 1000);
}

// The runs are the subtree's joints (joint and those it is an ancestor of) in index order, each
// run as long as it can be: local_to_model_below computes each run four joints at a time from
// its start, so longer or shorter runs would change which joints share a register.
TEST(Skeleton, SubtreeRunsAreTheLongestRangesOfTheSubtreesJoints) {
  std::mt19937 random(5);
  for (int round = 0; round < 500; ++round) {
    const int n = 1 + round % 40;
    const Skeleton skeleton = random_hierarchy(n, random);
    for (int joint = 0; joint < n; ++joint) {
      std::vector<std::size_t> expected;
      for (int j = joint; j < n; ++j) {
        if (j == joint || is_ancestor(skeleton, joint, j)) expected.push_back(as_size(j));
      }
      std::vector<std::size_t> visited;
      std::size_t last_end = 0;
      for_each_run_in_subtree(skeleton, joint, [&](std::size_t begin, std::size_t end) {
        EXPECT_LT(begin, end);
        EXPECT_TRUE(visited.empty() || begin > last_end) << "two runs touch";
        for (std::size_t j = begin; j < end; ++j) visited.push_back(j);
        last_end = end;
      });
      ASSERT_EQ(visited, expected) << "joint " << joint << " of " << n << " in round " << round;
    }
  }
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
