// Rig detection on small hand-built skeletons (the real files are in tests/demo/rig_test.cpp):
// names play no part, helpers without skin weight are skipped, a foot hanging from the root is
// found, and validate names each broken input.

#include "anim/rig.h"

#include <gtest/gtest.h>

#include <vector>

#include "anim/pose.h"
#include "ik_biped.h"

namespace anim {
namespace {

// c followed by the number i ("k3"), built without operator+ (GCC 12 warns about it falsely).
std::string numbered(char c, int i) {
  std::string name(1, c);
  name += std::to_string(i);
  return name;
}

std::vector<glm::mat4> rest_model(const Skeleton& s) {
  std::vector<glm::mat4> model(s.rest_pose.size());
  EXPECT_TRUE(local_to_model(s, s.rest_pose, model));
  return model;
}

using testing::add_joint;

TEST(Rig, FindsTheLegsOfAnUnnamedBipedByGeometry) {
  testing::Biped b = testing::make_biped();
  for (int j = 0; j < b.skeleton.joint_count(); ++j) {
    b.skeleton.joint_names[j] = numbered('j', j * 7 % 10);  // names that say nothing
  }
  std::string error;
  const Rig rig = find_rig(b.skeleton, rest_model(b.skeleton), {}, {}, &error);
  ASSERT_EQ(rig.leg_count(), 2) << error;
  EXPECT_STREQ(rig_kind(rig), "biped");
  EXPECT_EQ(rig.pelvis, 1);
  EXPECT_EQ(rig.limbs[0].joints, (std::vector<int>{2, 3, 4, 5}));  // +X: the left, facing +Z
  EXPECT_EQ(rig.limbs[0].side, LimbSide::Left);
  EXPECT_EQ(rig.limbs[1].joints, (std::vector<int>{6, 7, 8, 9}));
  EXPECT_EQ(rig.limbs[1].side, LimbSide::Right);
  EXPECT_EQ(rig.found_by, "geometry");
  EXPECT_NEAR(rig.forward.z, 1.0f, 1e-5f);  // the toes point +Z
}

TEST(Rig, NamesDecideTheSidesWhenTheyDisagreeWithTheGeometry) {
  // The toes turned to point -Z: by geometry alone the -X leg would be the left one, but every
  // name says otherwise, so the names win and the character faces +Z.
  testing::Biped b = testing::make_biped();
  for (const char* toes : {"toes_l", "toes_r"}) {
    b.skeleton.rest_pose[b.skeleton.find_joint(toes)].translation.z *= -1.0f;
  }
  const Rig rig = find_rig(b.skeleton, rest_model(b.skeleton), {}, {});
  ASSERT_EQ(rig.leg_count(), 2);
  EXPECT_EQ(rig.limbs[0].joints[0], b.skeleton.find_joint("thigh_l"));
  EXPECT_EQ(rig.limbs[0].side, LimbSide::Left);
  EXPECT_NEAR(rig.forward.z, 1.0f, 1e-5f);
  EXPECT_EQ(rig.found_by, "geometry and names");
}

TEST(Rig, SkipsHelpersWithoutSkinWeightAndFindsAFootHangingFromTheRoot) {
  Skeleton s;
  const int root = add_joint(s, "a", kNoParent, {0, 0, 0});
  const int pelvis = add_joint(s, "b", root, {0, 1.0f, 0});
  add_joint(s, "c", pelvis, {0, 0.5f, 0});  // the body above
  std::vector<int> feet;
  for (float side : {1.0f, -1.0f}) {
    const int thigh = add_joint(s, numbered('t', s.joint_count()), pelvis, {0.1f * side, 0, 0});
    add_joint(s, numbered('k', thigh), thigh, {0, -0.45f, 0.02f});  // a shin, a leaf
    feet.push_back(add_joint(s, numbered('f', thigh), root, {0.1f * side, 0.05f, 0}));
    // A pole target in front of the knee, with no skin weight.
    add_joint(s, numbered('p', thigh), root, {0.1f * side, 0.5f, 0.6f});
  }
  std::vector<float> weight(static_cast<std::size_t>(s.joint_count()), 1.0f);
  for (int j = 0; j < s.joint_count(); ++j) {
    if (s.joint_names[j][0] == 'p') weight[j] = 0.0f;
  }
  std::string error;
  const Rig rig = find_rig(s, rest_model(s), weight, {}, &error);
  ASSERT_EQ(rig.leg_count(), 2) << error;
  EXPECT_EQ(rig.pelvis, pelvis);
  EXPECT_EQ(rig.limbs[0].joints.size(), 3u);
  EXPECT_EQ(rig.limbs[0].joints[2], feet[0]);
  EXPECT_FALSE(rig.limbs[0].end_attached);
  EXPECT_EQ(validate(s, rig), "");
  // The foot IK rig aims the shin at where the foot rests.
  const FootIkRig legs = make_foot_ik_rig(s, rig, rest_model(s), 0.0f);
  ASSERT_EQ(legs.legs.size(), 2u);
  EXPECT_FALSE(legs.legs[0].foot_attached);
  EXPECT_EQ(validate(s, legs), "");
}

TEST(Rig, ValidateNamesEachBrokenInput) {
  const testing::Biped b = testing::make_biped();
  const Rig good = find_rig(b.skeleton, rest_model(b.skeleton), {}, {});
  ASSERT_EQ(validate(b.skeleton, good), "");
  Rig r = good;
  r.limbs[0].joints.resize(2);
  EXPECT_NE(validate(b.skeleton, r).find("fewer than three"), std::string::npos);
  r = good;
  r.limbs[1].joints[1] = 99;
  EXPECT_NE(validate(b.skeleton, r).find("out of range"), std::string::npos);
  r = good;
  std::swap(r.limbs[0].joints[0], r.limbs[0].joints[2]);
  EXPECT_NE(validate(b.skeleton, r).find("is not below"), std::string::npos);
  r = good;
  r.pelvis = 3;
  EXPECT_NE(validate(b.skeleton, r).find("pelvis"), std::string::npos);
  r = good;
  r.pelvis = 42;
  EXPECT_NE(validate(b.skeleton, r).find("out of range"), std::string::npos);
}

}  // namespace
}  // namespace anim
