#include "import/unit_detection.h"

#include <cmath>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "import/character_units.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/import_test_util.h"

namespace importer {
namespace {

TEST(GuessUnit, KeepsPlausibleHeightsAndBringsBipedsNearestAHumanHeight) {
  EXPECT_FALSE(guess_unit(1.8f, true).changed());
  EXPECT_FALSE(guess_unit(0.6f, false).changed());             // a fox
  EXPECT_FALSE(guess_unit(3.5f, true).changed());              // a troll
  EXPECT_EQ(guess_unit(175.0f, true).metres_per_unit, 0.01f);  // 1.75 m
  EXPECT_STREQ(guess_unit(175.0f, true).unit, "centimetres");
  EXPECT_EQ(guess_unit(68.0f, true).metres_per_unit, 0.0254f);  // 1.73 m (0.68 m in cm)
  EXPECT_EQ(guess_unit(1750.0f, true).metres_per_unit, 0.001f);
  // 30 CMU units: 1.69 m (0.76 m in inches, 0.3 m in centimetres).
  EXPECT_STREQ(guess_unit(30.0f, true).unit, "CMU mocap units");
  // No unit makes these plausible, or there is nothing to judge: left alone.
  EXPECT_FALSE(guess_unit(1e7f, true).changed());
  EXPECT_FALSE(guess_unit(0.0f, true).changed());
  EXPECT_FALSE(guess_unit(std::numeric_limits<float>::quiet_NaN(), true).changed());
}

TEST(GuessUnit, OtherCharactersPreferCentimetres) {
  EXPECT_EQ(guess_unit(68.0f, false).metres_per_unit, 0.01f);    // a 0.68 m animal
  EXPECT_EQ(guess_unit(600.0f, false).metres_per_unit, 0.001f);  // 6 m in centimetres: too tall
}

TEST(UnitScaleProblem, RefusesNegativeNonFiniteAndAbsurdScales) {
  EXPECT_EQ(unit_scale_problem(0.0f), "");  // automatic
  EXPECT_EQ(unit_scale_problem(0.01f), "");
  EXPECT_NE(unit_scale_problem(-5.0f).find("between 0.000001 and 1000000"), std::string::npos);
  EXPECT_NE(unit_scale_problem(std::nanf("")).find("finite"), std::string::npos);
  EXPECT_NE(unit_scale_problem(INFINITY).find("finite"), std::string::npos);
  EXPECT_NE(unit_scale_problem(1e9f), "");
}

// A box 20 units tall, bound to the skeleton's first joint.
Character box_on_joints(int joints) {
  Character c;
  for (int j = 0; j < joints; ++j) {
    c.skeleton.joint_names.push_back("joint" + std::to_string(j));
    c.skeleton.parents.push_back(j - 1);
    c.skeleton.rest_pose.push_back(anim::Transform::identity());
    c.skeleton.inverse_bind.emplace_back(1.0f);
  }
  anim::SkinnedMesh box;
  for (float y : {0.0f, 20.0f}) {
    for (float x : {-1.0f, 1.0f}) box.positions.push_back({x, y, 0.0f});
  }
  box.normals.assign(4, glm::vec3(0, 0, 1));
  box.joints0.assign(4, glm::uvec4(0));
  box.weights0.assign(4, glm::vec4(1, 0, 0, 0));
  box.indices = {0, 1, 2, 1, 3, 2};
  c.meshes.push_back(box);
  return c;
}

// A static model can be any size: a 20 m building in metres is not read as 20 inches. The same
// box is a character (and guessed) once it has a skeleton to pose or a clip to play.
TEST(GuessCharacterUnits, LeavesStaticModelsInTheirFilesUnits) {
  const Character building = box_on_joints(1);
  const CharacterUnits kept = guess_character_units(building, find_character_rig(building));
  EXPECT_FALSE(kept.guess.changed()) << kept.description;
  EXPECT_FLOAT_EQ(kept.height, 20.0f);  // still measured, for `animview info`
  EXPECT_EQ(kept.unit_scale, 0.0f);
  EXPECT_EQ(kept.description, "");

  const Character rigged = box_on_joints(2);
  const CharacterUnits guessed = guess_character_units(rigged, find_character_rig(rigged));
  EXPECT_STREQ(guessed.guess.unit, "inches");  // 0.51 m; 0.2 m in centimetres is too small

  Character animated = box_on_joints(1);
  animated.clips.emplace_back();
  EXPECT_TRUE(guess_character_units(animated, find_character_rig(animated)).guess.changed());
}

// Debian's static Collada cube, 100 units tall and no unit of its own: kept as it is.
TEST(GuessCharacterUnits, KeepsARealStaticModel) {
  const auto path = test::assimp_model("Collada/cube_emptyTags.dae");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (assimp-testmodels)";
  const ImportResult r = import_file(path.string(), ImportSettings{});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_TRUE(r.character.clips.empty());
  const CharacterUnits units = guess_character_units(r.character, find_character_rig(r.character));
  EXPECT_FALSE(units.guess.changed()) << units.description;
  EXPECT_NEAR(units.height, 100.0f, 1.0f);
}

// The real files: each imported with automatic units, then judged by its bind-pose height.
// The guess as the viewer and the pose and render commands make it (import/character_units.h).
TEST(GuessUnit, OnRealFiles) {
  struct Case {
    const char* file;
    float expected_scale;
  };
  const Case cases[] = {{"kaykit/Knight.glb", 1.0f},
                        {"quaternius/RobotExpressive.glb", 1.0f},
                        {"cmu/scaled_131_01.bvh", 1.0f},
                        {"pab/arnaud.fbx", 1.0f},
                        {"khronos/Fox.glb", 0.01f},
                        {"cmu/131_01.bvh", 0.0254f / 0.45f},
                        // Mesh-less, with its cameras and a sky light 14 m up among the joints:
                        // measured by its rig's joints, 1.64 m (all joints said CMU units, 0.77 m).
                        {"pab/crackhead.fbx", 1.0f}};
  int found = 0;
  for (const Case& c : cases) {
    const auto path = test::shared_asset(c.file);
    if (!std::filesystem::exists(path)) continue;
    ++found;
    const ImportResult r = import_file(path.string(), ImportSettings{});
    ASSERT_TRUE(r.ok()) << c.file << ": " << r.error;
    const CharacterUnits units =
        guess_character_units(r.character, find_character_rig(r.character));
    EXPECT_EQ(units.guess.metres_per_unit, c.expected_scale) << c.file << " is " << units.height;
    const float metres = units.height * units.guess.metres_per_unit;
    EXPECT_TRUE(metres > 0.25f && metres < 5.0f) << c.file << ": " << metres << " m";
    // The scale to import with keeps what the file's own scale already did; a kept guess says
    // nothing and asks for no scale.
    if (units.guess.changed()) {
      EXPECT_FLOAT_EQ(units.unit_scale,
                      r.character.report.unit_scale_applied * units.guess.metres_per_unit);
      EXPECT_NE(units.description.find(units.guess.unit), std::string::npos) << units.description;
    } else {
      EXPECT_EQ(units.unit_scale, 0.0f) << c.file;
      EXPECT_EQ(units.description, "") << c.file;
    }
  }
  if (found == 0) GTEST_SKIP() << "the shared assets are absent (ANIMVIEW_SHARED_ASSETS)";
}

}  // namespace
}  // namespace importer
