// Joint masks picked on the skeleton tree: a click toggles a subtree, and the two lists of roots
// give the same mask back.
#include "anim/joint_mask.h"

#include <gtest/gtest.h>

namespace {

// root -> spine -> {arm_l -> hand_l, arm_r}, root -> leg
anim::Skeleton tree() {
  anim::Skeleton s;
  s.joint_names = {"root", "spine", "arm_l", "hand_l", "arm_r", "leg"};
  s.parents = {-1, 0, 1, 2, 1, 0};
  s.rest_pose.assign(6, anim::Transform::identity());
  s.inverse_bind.assign(6, glm::mat4(1.0f));
  return s;
}

std::vector<float> mask_of(const anim::Skeleton& s, std::vector<std::string> in,
                           std::vector<std::string> out) {
  std::vector<float> mask;
  EXPECT_EQ(anim::make_joint_mask(s, in, out, mask), "");
  return mask;
}

}  // namespace

TEST(JointMask, IncludedMinusExcludedSubtrees) {
  const anim::Skeleton s = tree();
  EXPECT_EQ(mask_of(s, {"spine"}, {"arm_l"}), (std::vector<float>{0, 1, 0, 0, 1, 0}));
  EXPECT_EQ(mask_of(s, {}, {}), (std::vector<float>{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(mask_of(s, {}, {"root"}), (std::vector<float>{0, 0, 0, 0, 0, 0}));
  // An included root below an excluded one wins for its own branch.
  EXPECT_EQ(mask_of(s, {"hand_l"}, {"spine"}), (std::vector<float>{0, 0, 0, 1, 0, 0}));
}

TEST(JointMask, UnknownOrContradictoryJointsAreNamed) {
  const anim::Skeleton s = tree();
  std::vector<float> mask{7.0f};
  const std::vector<std::string> tail{"tail"}, spine{"spine"};
  EXPECT_NE(anim::make_joint_mask(s, tail, {}, mask).find("'tail'"), std::string::npos);
  EXPECT_NE(anim::make_joint_mask(s, spine, spine, mask).find("both"), std::string::npos);
  EXPECT_EQ(mask, std::vector<float>{7.0f});
}

TEST(JointMask, AClickTogglesTheJointAndItsDescendants) {
  const anim::Skeleton s = tree();
  std::vector<float> mask(6, 0.0f);
  ASSERT_TRUE(anim::toggle_joint_subtree(s, 1, mask));
  EXPECT_EQ(mask, (std::vector<float>{0, 1, 1, 1, 1, 0}));
  ASSERT_TRUE(anim::toggle_joint_subtree(s, 2, mask));
  EXPECT_EQ(mask, (std::vector<float>{0, 1, 0, 0, 1, 0}));
  EXPECT_FALSE(anim::toggle_joint_subtree(s, 6, mask));
  std::vector<float> short_mask(5, 0.0f);
  EXPECT_FALSE(anim::toggle_joint_subtree(s, 0, short_mask));
}

TEST(JointMask, RootsDescribeEveryMaskExactly) {
  const anim::Skeleton s = tree();
  // Every one of the 64 subsets of the six joints comes back from its description.
  for (int bits = 0; bits < 64; ++bits) {
    std::vector<float> mask(6);
    for (int j = 0; j < 6; ++j) mask[j] = (bits >> j) & 1 ? 1.0f : 0.0f;
    std::vector<std::string> in, out;
    anim::joint_mask_roots(s, mask, in, out);
    EXPECT_EQ(mask_of(s, in, out), mask) << "subset " << bits;
  }
  std::vector<std::string> in, out;
  anim::joint_mask_roots(s, std::vector<float>{0, 1, 0, 0, 1, 0}, in, out);
  EXPECT_EQ(in, std::vector<std::string>{"spine"});
  EXPECT_EQ(out, std::vector<std::string>{"arm_l"});
  anim::joint_mask_roots(s, std::vector<float>(6, 1.0f), in, out);
  EXPECT_TRUE(in.empty() && out.empty());
}
