// Rigs of skeletons without a mesh: ProAnimationBank's walk.fbx (its rest pose a frame of the
// walk, beside cameras and a sky node at the file's root) and locomotions.fbx (a frame with the
// right foot in the air). The rig finder stands them up first (importer::standing_skeleton) and
// finds both legs and both arms.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_ik.h"
#include "anim/pose.h"
#include "anim/rig.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace {

class MeshLessRig : public ::testing::TestWithParam<const char*> {};

TEST_P(MeshLessRig, StandsTheSkeletonUpAndFindsBothLegs) {
  const std::filesystem::path path = test::shared_asset(GetParam());
  SKIP_IF_ABSENT(path);
  const importer::ImportResult r = importer::import_file(path.string(), importer::ImportSettings{});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_TRUE(r.character.meshes.empty());
  const anim::Skeleton& skeleton = r.character.skeleton;
  std::string error;
  const anim::Rig rig = importer::find_character_rig(r.character, &error);
  ASSERT_EQ(rig.leg_count(), 2) << error;
  std::vector<std::string> found;
  for (const anim::Limb& limb : rig.limbs) {
    const char* side = limb.side == anim::LimbSide::Left    ? "left"
                       : limb.side == anim::LimbSide::Right ? "right"
                                                            : "centre";
    found.push_back(std::string(anim::to_string(limb.role)) + " " + side + " " +
                    skeleton.joint_names[static_cast<std::size_t>(limb.joints[0])]);
  }
  EXPECT_EQ(found, (std::vector<std::string>{"leg left LeftUpLeg", "leg right RightUpLeg",
                                             "arm left LeftArm", "arm right RightArm"}));

  // Stood up: each leg straight down from its hip (hip, knee and ankle on one vertical line, as
  // far apart as its bones are long), every joint above the hips where it was.
  const anim::Skeleton standing = importer::standing_skeleton(r.character);
  std::vector<glm::mat4> before(skeleton.rest_pose.size());
  std::vector<glm::mat4> after(before.size());
  ASSERT_TRUE(anim::local_to_model(skeleton, skeleton.rest_pose, before));
  ASSERT_TRUE(anim::local_to_model(standing, standing.rest_pose, after));
  const anim::FootIkRig legs = importer::foot_ik_rig(r.character, rig);
  ASSERT_EQ(legs.legs.size(), 2u);
  auto at = [&](int j) { return glm::vec3(after[static_cast<std::size_t>(j)][3]); };
  auto was = [&](int j) { return glm::vec3(before[static_cast<std::size_t>(j)][3]); };
  for (const anim::Leg& leg : legs.legs) {
    for (int j : {leg.calf, leg.foot}) {
      EXPECT_NEAR(at(j).x, at(leg.thigh).x, 1e-4f) << skeleton.joint_names[j];
      EXPECT_NEAR(at(j).z, at(leg.thigh).z, 1e-4f) << skeleton.joint_names[j];
    }
    const float length =
        glm::length(was(leg.calf) - was(leg.thigh)) + glm::length(was(leg.foot) - was(leg.calf));
    EXPECT_NEAR(at(leg.thigh).y - at(leg.foot).y, length, 1e-4f);
    // In the rest pose one foot was in the air; stood up, both reach the ground.
    EXPECT_LT(at(leg.toes).y - std::min(at(legs.legs[0].toes).y, at(legs.legs[1].toes).y), 0.03f);
  }
  const int head = skeleton.find_joint("Head");
  ASSERT_GE(head, 0);
  EXPECT_LT(glm::length(at(head) - was(head)), 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(Pab, MeshLessRig, ::testing::Values("pab/walk.fbx", "pab/locomotions.fbx"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param).find("walk") != std::string::npos
                                      ? std::string("walk")
                                      : std::string("locomotions");
                         });

}  // namespace
