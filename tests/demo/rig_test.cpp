// Rig detection on every rig in the test data (the expected joints written out, unnamed rigs by
// index), and foot IK on a 15-degree slope with each rig's legs: a planted foot's sole ends on
// the surface.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/foot_ik.h"
#include "anim/pose.h"
#include "anim/rig.h"
#include "anim/terrain.h"
#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace {

struct ExpectedLimb {
  anim::LimbRole role;
  anim::LimbSide side;
  bool front;
  std::vector<std::string> joints;
};

struct RigCase {
  const char* label;
  std::string path;  // empty: the demo character
  const char* kind;
  const char* pelvis;
  std::vector<ExpectedLimb> limbs;
};

using anim::LimbRole;
using anim::LimbSide;
constexpr LimbRole kLeg = LimbRole::Leg;
constexpr LimbRole kArm = LimbRole::Arm;
constexpr LimbSide kL = LimbSide::Left;
constexpr LimbSide kR = LimbSide::Right;

importer::Character load(const RigCase& c) {
  if (c.path.empty()) return demo::make_demo_character();
  importer::ImportResult r = importer::import_file(c.path, importer::ImportSettings{});
  EXPECT_TRUE(r.ok()) << c.path << ": " << r.error;
  return std::move(r.character);
}

std::string shared(const char* relative) {
  return test::shared_asset(relative).string();
}

// Cesium Man's joints have no names; the importer calls them by their glTF node index.
std::string node(int index) {
  return "nodes[" + std::to_string(index) + "]";
}

std::vector<RigCase> rig_cases() {
  return {
      {"demo",
       "",
       "biped",
       "hips",
       {{kLeg, kL, false, {"thigh_l", "calf_l", "foot_l", "toes_l"}},
        {kLeg, kR, false, {"thigh_r", "calf_r", "foot_r", "toes_r"}},
        {kArm, kL, false, {"upperarm_l", "forearm_l", "hand_l", "fingers_l"}},
        {kArm, kR, false, {"upperarm_r", "forearm_r", "hand_r", "fingers_r"}}}},
      // KayKit's helper joints (kneeIK.l, IK-foot.l, control-*) carry no skin weight.
      {"knight",
       shared("kaykit/Knight.glb"),
       "biped",
       "hips",
       {{kLeg, kL, false, {"upperleg.l", "lowerleg.l", "foot.l", "toes.l"}},
        {kLeg, kR, false, {"upperleg.r", "lowerleg.r", "foot.r", "toes.r"}},
        {kArm, kL, false, {"upperarm.l", "lowerarm.l", "wrist.l", "hand.l"}},
        {kArm, kR, false, {"upperarm.r", "lowerarm.r", "wrist.r", "hand.r"}}}},
      {"manny",
       shared("kaykit/mannequin/manny_med_mod.gltf"),
       "biped",
       "hips",
       {{kLeg, kL, false, {"upperleg.l", "lowerleg.l", "foot.l", "toes.l"}},
        {kLeg, kR, false, {"upperleg.r", "lowerleg.r", "foot.r", "toes.r"}},
        {kArm, kL, false, {"upperarm.l", "lowerarm.l", "wrist.l", "hand.l"}},
        {kArm, kR, false, {"upperarm.r", "lowerarm.r", "wrist.r", "hand.r"}}}},
      // The feet hang from the root, not from the shins.
      {"robot",
       shared("quaternius/RobotExpressive.glb"),
       "biped",
       "Body",
       {{kLeg, kL, false, {"UpperLegL", "LowerLegL", "FootL"}},
        {kLeg, kR, false, {"UpperLegR", "LowerLegR", "FootR"}},
        {kArm, kL, false, {"ShoulderL", "LowerArmL", "Palm2L"}},
        {kArm, kR, false, {"ShoulderR", "LowerArmR", "Palm2R"}}}},
      {"cmu",
       shared("cmu/131_01.bvh"),
       "biped",
       "Hips",
       {{kLeg, kL, false, {"LeftHip", "LeftKnee", "LeftAnkle", "LeftToe"}},
        {kLeg, kR, false, {"RightHip", "RightKnee", "RightAnkle", "RightToe"}},
        {kArm, kL, false, {"LeftShoulder", "LeftElbow", "LeftWrist", "LFingers"}},
        {kArm, kR, false, {"RightShoulder", "RightElbow", "RightWrist", "RFingers"}}}},
      {"cmu_scaled",
       shared("cmu/scaled_131_01.bvh"),
       "biped",
       "Hips",
       {{kLeg, kL, false, {"LeftHip", "LeftKnee", "LeftAnkle", "LeftToe"}},
        {kLeg, kR, false, {"RightHip", "RightKnee", "RightAnkle", "RightToe"}},
        {kArm, kL, false, {"LeftShoulder", "LeftElbow", "LeftWrist", "LFingers"}},
        {kArm, kR, false, {"RightShoulder", "RightElbow", "RightWrist", "RFingers"}}}},
      {"cesium_man",
       shared("khronos/cesium_man.gltf"),
       "biped",
       "nodes[2]",
       {{kLeg, kL, false, {node(7), node(8), node(9), node(10)}},
        {kLeg, kR, false, {node(3), node(4), node(5), node(6)}},
        {kArm, kL, false, {node(16), node(17), node(18)}},
        {kArm, kR, false, {node(13), node(14), node(15)}}}},
      // Front legs from the shoulders; hind legs of three segments.
      {"fox",
       shared("khronos/Fox.glb"),
       "quadruped",
       "b_Hip_01",
       {{kLeg, kL, true, {"b_LeftUpperArm_09", "b_LeftForeArm_010", "b_LeftHand_011"}},
        {kLeg, kR, true, {"b_RightUpperArm_06", "b_RightForeArm_07", "b_RightHand_08"}},
        {kLeg,
         kL,
         false,
         {"b_LeftLeg01_015", "b_LeftLeg02_016", "b_LeftFoot01_017", "b_LeftFoot02_018"}},
        {kLeg,
         kR,
         false,
         {"b_RightLeg01_019", "b_RightLeg02_020", "b_RightFoot01_021", "b_RightFoot02_022"}}}},
      {"arnaud",
       shared("pab/arnaud.fbx"),
       "biped",
       "Spine",
       {{kLeg, kL, false, {"LeftUpLeg", "LeftLeg", "LeftFoot", "LeftFootThumb1"}},
        {kLeg, kR, false, {"RightUpLeg", "RightLeg", "RightFoot", "RightFootThumb1"}},
        {kArm, kL, false, {"LeftArm", "LeftForeArm", "Lefthand", "LeftHandThumb1"}},
        {kArm, kR, false, {"RightArm", "RightForeArm", "RightHand", "RightHandThumb1"}}}},
      {"seymour",
       shared("collada/seymour.dae"),
       "biped",
       "root",
       {{kLeg, kL, false, {"l_hip", "l_knee", "l_ankle"}},
        {kLeg, kR, false, {"r_hip", "r_knee", "r_ankle"}},
        {kArm, kL, false, {"l_humerus", "l_ulna", "l_wrist"}},
        {kArm, kR, false, {"r_humerus", "r_ulna", "r_wrist"}}}},
      // A double knee (knee_01 right above knee_02): the first is the knee.
      {"astro",
       shared("collada/astro_max.dae"),
       "biped",
       "astroBoy_newSkeleton_hips",
       {{kLeg,
         kL,
         false,
         {"astroBoy_newSkeleton_L_hip", "astroBoy_newSkeleton_L_knee_01",
          "astroBoy_newSkeleton_L_ankle", "astroBoy_newSkeleton_L_toeBall"}},
        {kLeg,
         kR,
         false,
         {"astroBoy_newSkeleton_R_hip", "astroBoy_newSkeleton_R_knee_01",
          "astroBoy_newSkeleton_R_ankle", "astroBoy_newSkeleton_R_toeBall"}},
        {kArm,
         kL,
         false,
         {"astroBoy_newSkeleton_L_bicep", "astroBoy_newSkeleton_L_elbow",
          "astroBoy_newSkeleton_L_forearm", "astroBoy_newSkeleton_L_wrist"}},
        {kArm,
         kR,
         false,
         {"astroBoy_newSkeleton_R_bicep", "astroBoy_newSkeleton_R_elbow",
          "astroBoy_newSkeleton_R_forearm", "astroBoy_newSkeleton_R_wrist"}}}},
      // Debian's assimp-testmodels.
      {"bvh_01_01",
       test::assimp_model("BVH/01_01.bvh").string(),
       "biped",
       "Hips",
       {{kLeg, kL, false, {"LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"}},
        {kLeg, kR, false, {"RightUpLeg", "RightLeg", "RightFoot", "RightToeBase"}},
        {kArm, kL, false, {"LeftArm", "LeftForeArm", "LeftHand", "LFingers"}},
        {kArm, kR, false, {"RightArm", "RightForeArm", "RightHand", "RFingers"}}}},
      {"boxing_toes",
       test::assimp_model("BVH/Boxing_Toes.bvh").string(),
       "biped",
       "Hips",
       {{kLeg, kL, false, {"LeftHip", "LeftKnee", "LeftAnkle", "LeftToes"}},
        {kLeg, kR, false, {"RightHip", "RightKnee", "RightAnkle", "RightToes"}},
        {kArm, kL, false, {"LeftShoulder", "LeftElbow", "LeftWrist"}},
        {kArm, kR, false, {"RightShoulder", "RightElbow", "RightWrist"}}}},
      {"bcn_epileptic",
       test::assimp_model("X/BCN_Epileptic.X").string(),
       "biped",
       "B_LowerPelvis",
       {{kLeg, kL, false, {"B_Hip_Left", "B_Knee_Left", "B_Ankle_Left", "B_Toe_Left"}},
        {kLeg, kR, false, {"B_Hip_Right", "B_Knee_Right", "B_Ankle_Right", "B_Toe_Right"}},
        {kArm, kL, false, {"B_UpperArm_Left", "B_ForeArm_Left", "B_Hand_Left", "B_Finger1_Left"}},
        {kArm,
         kR,
         false,
         {"B_UpperArm_Right", "B_ForeArm_Right", "B_Hand_Right", "B_Finger1_Right"}}}},
      // A quadruped whose four legs hang from one joint: fore and hind told apart by position
      // along the body (names as the hint for which end is the front).
      {"wuson",
       test::assimp_model("X/Testwuson.X").string(),
       "quadruped",
       "Root",
       {{kLeg, kL, true, {"ForeLeg_L_01", "ForeLeg_L_02", "ForeLeg_L_03", "ForeLeg_L_04"}},
        {kLeg, kR, true, {"ForeLeg_R_01", "ForeLeg_R_02", "ForeLeg_R_03", "ForeLeg_R_04"}},
        {kLeg, kL, false, {"HindLeg_L_01", "HindLeg_L_02", "HindLeg_L_03", "HindLeg_L_04"}},
        {kLeg, kR, false, {"HindLeg_R_01", "HindLeg_R_02", "HindLeg_R_03", "HindLeg_R_04"}}}},
  };
}

class RigDetection : public ::testing::TestWithParam<RigCase> {};

TEST_P(RigDetection, FindsTheExpectedLimbs) {
  const RigCase& c = GetParam();
  if (!c.path.empty()) SKIP_IF_ABSENT(c.path);
  const importer::Character character = load(c);
  std::string error;
  const anim::Rig rig = importer::find_character_rig(character, &error);
  ASSERT_FALSE(rig.limbs.empty()) << error;
  EXPECT_STREQ(anim::rig_kind(rig), c.kind);
  EXPECT_EQ(anim::validate(character.skeleton, rig), "");
  ASSERT_GE(rig.pelvis, 0);
  EXPECT_EQ(character.skeleton.joint_names[rig.pelvis], c.pelvis);
  ASSERT_EQ(rig.limbs.size(), c.limbs.size());
  for (std::size_t i = 0; i < c.limbs.size(); ++i) {
    const anim::Limb& got = rig.limbs[i];
    const ExpectedLimb& want = c.limbs[i];
    EXPECT_EQ(got.role, want.role) << "limb " << i;
    EXPECT_EQ(got.side, want.side) << "limb " << i;
    EXPECT_EQ(got.front, want.front) << "limb " << i;
    std::vector<std::string> names;
    for (int j : got.joints) names.push_back(character.skeleton.joint_names[j]);
    EXPECT_EQ(names, want.joints) << "limb " << i;
  }
  // The foot IK rig of the legs is valid for the skeleton.
  const anim::FootIkRig legs = importer::foot_ik_rig(character, rig);
  EXPECT_EQ(anim::validate(character.skeleton, legs), "");
}

INSTANTIATE_TEST_SUITE_P(AllRigs, RigDetection, ::testing::ValuesIn(rig_cases()),
                         [](const auto& info) { return std::string(info.param.label); });

TEST(RigDetection, NamesNothingWhenNoChainReachesTheGround) {
  // A straight chain of three joints standing on the origin: no branch, no limb.
  anim::Skeleton s;
  for (int i = 0; i < 3; ++i) {
    s.joint_names.push_back(std::string(1, static_cast<char>('a' + i)));
    s.parents.push_back(i - 1);
    anim::Transform t;
    t.translation = {0.0f, i == 0 ? 0.0f : 0.5f, 0.0f};
    s.rest_pose.push_back(t);
    s.inverse_bind.push_back(glm::mat4(1.0f));
  }
  std::vector<glm::mat4> model(3);
  ASSERT_TRUE(anim::local_to_model(s, s.rest_pose, model));
  std::string error;
  EXPECT_TRUE(anim::find_rig(s, model, {}, {}, &error).limbs.empty());
  EXPECT_NE(error.find("reaches from the body to the ground"), std::string::npos) << error;
  EXPECT_TRUE(anim::find_rig(s, std::span(model).first(2), {}, {}, &error).limbs.empty());
  EXPECT_NE(error.find("rest pose"), std::string::npos) << error;
}

// Foot IK on a 15-degree slope: the rest pose, every foot planted, the character standing at
// the origin with its rest-pose ground on the slope's height there. Returns the worst distance
// of a sole point from the surface as a fraction of that leg's length.
float worst_sole_gap_on_slope(const importer::Character& character, glm::vec2 uphill_xz) {
  std::string error;
  const anim::Rig rig = importer::find_character_rig(character, &error);
  const anim::FootIkRig legs = importer::foot_ik_rig(character, rig);
  EXPECT_EQ(anim::validate(character.skeleton, legs), "") << error;
  if (legs.legs.empty()) return 1e9f;
  const anim::Skeleton& s = character.skeleton;
  std::vector<anim::Transform> local = s.rest_pose;
  std::vector<glm::mat4> model(local.size());
  if (!anim::local_to_model(s, local, model)) return 1e9f;
  // Lower the rest pose so its soles stand on the model's y = 0, the clip's ground.
  const float ground = anim::heel_point(legs.legs[0], model).y;
  for (std::size_t j = 0; j < local.size(); ++j) {
    if (s.parents[j] == anim::kNoParent) local[j].translation.y -= ground;
  }
  anim::Terrain slope;
  slope.shape = anim::TerrainShape::Slope;
  slope.slope_deg = 15.0f;
  slope.uphill_xz = uphill_xz;
  anim::FootIkSettings settings;
  anim::FootIkState state;
  bool planted[anim::kMaxFootIkLegs] = {true, true, true, true};
  const anim::JobResult r = anim::solve_foot_ik(
      s, legs, settings, slope, anim::Transform::identity(),
      std::span<const bool>(planted, legs.legs.size()), 0.0f, state, local, model);
  EXPECT_TRUE(r) << r.error;
  float worst = 0.0f;
  const float cos_slope = std::cos(glm::radians(15.0f));
  for (const anim::Leg& leg : legs.legs) {
    const float length = glm::length(glm::vec3(model[leg.calf][3] - model[leg.thigh][3])) +
                         glm::length(glm::vec3(model[leg.foot][3] - model[leg.calf][3]));
    for (const glm::vec3 p : {anim::heel_point(leg, model), anim::toe_point(leg, model)}) {
      const float gap = (p.y - anim::probe(slope, p.x, p.z).height_m) * cos_slope;
      worst = std::max(worst, std::fabs(gap) / length);
    }
  }
  return worst;
}

class SlopeFootIk : public ::testing::TestWithParam<RigCase> {};

TEST_P(SlopeFootIk, PutsPlantedSolesOnTheSurface) {
  const RigCase& c = GetParam();
  if (!c.path.empty()) SKIP_IF_ABSENT(c.path);
  const importer::Character character = load(c);
  const anim::Rig rig = importer::find_character_rig(character);
  const glm::vec2 forward{rig.forward.x, rig.forward.z};
  const glm::vec2 side{forward.y, -forward.x};
  EXPECT_LT(worst_sole_gap_on_slope(character, forward), 0.01f) << "uphill ahead";
  EXPECT_LT(worst_sole_gap_on_slope(character, -forward), 0.01f) << "uphill behind";
  EXPECT_LT(worst_sole_gap_on_slope(character, side), 0.01f) << "uphill to the side";
}

std::vector<RigCase> standing_cases() {
  std::vector<RigCase> out;
  for (RigCase& c : rig_cases()) {
    // Astro Boy's rest pose is mid-stride, not standing.
    if (std::string(c.label) != "astro") out.push_back(std::move(c));
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(StandingRigs, SlopeFootIk, ::testing::ValuesIn(standing_cases()),
                         [](const auto& info) { return std::string(info.param.label); });

}  // namespace
