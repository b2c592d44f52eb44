// `animview retarget`, run as the real executable: the demo's walk onto KayKit's Knight, written
// as .glb and read back; and the messages and exit codes of bad input.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "import/clip_retargeting.h"
#include "import/importer.h"
#include "support/cli_runner.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::ProcessResult;
using test::run_animview;

class RetargetCli : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_UNLESS_ANIMVIEW_BUILT();
    dir_ = test::make_temp_dir();
    demo_ = (dir_ / "demo.glb").string();
    ASSERT_EQ(run_animview("export-demo '" + demo_ + "'", dir_).exit_code, 0);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  std::filesystem::path dir_;
  std::string demo_;
};

TEST_F(RetargetCli, WritesTheDemoWalkOnTheKnightAsTheLibraryMakesIt) {
  const std::filesystem::path knight = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(knight);
  const std::string out = (dir_ / "knight_walk.glb").string();
  const ProcessResult run = run_animview("retarget '" + demo_ + "' --to '" + knight.string() +
                                             "' --clip walk_forward --out '" + out + "'",
                                         dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("1 clip retargeted"), std::string::npos) << run.out;

  const importer::ImportResult written = importer::import_file(out, importer::ImportSettings{});
  const importer::ImportResult demo = importer::import_file(demo_, importer::ImportSettings{});
  const importer::ImportResult model =
      importer::import_file(knight.string(), importer::ImportSettings{});
  ASSERT_TRUE(written.ok() && demo.ok() && model.ok()) << written.error << demo.error;
  ASSERT_EQ(written.character.clips.size(), 1u);
  EXPECT_EQ(written.character.clips[0].name, "walk_forward");
  EXPECT_EQ(written.character.skeleton.joint_count(), model.character.skeleton.joint_count());
  // The file holds what the library gives (the viewer's path): the Knight's left foot agrees.
  const importer::ClipRetargeting expected =
      importer::retarget_clips(demo.character, model.character, "walk_forward");
  ASSERT_TRUE(expected.ok()) << expected.error;
  importer::Character with_expected = model.character;
  with_expected.clips = expected.clips;
  const int foot = model.character.skeleton.find_joint("foot.l");
  ASSERT_GE(foot, 0);
  for (const float t : {0.0f, 0.25f, 0.5f}) {
    const glm::vec3 want = test::model_pose(with_expected, &with_expected.clips[0], t)[foot][3];
    const glm::vec3 got =
        test::model_pose(written.character, &written.character.clips[0], t)[foot][3];
    EXPECT_LT(glm::length(got - want), 1e-3f) << t;
  }
}

// --report --json: the demo's walk onto itself is exact in every chain; the report names the
// four chains and counts steps for the legs.
TEST_F(RetargetCli, ReportsEveryChainOfTheDemoWalkOntoItselfAsExact) {
  const std::string out = (dir_ / "self.glb").string();
  const ProcessResult run =
      run_animview("retarget '" + demo_ + "' --to '" + demo_ + "' --clip walk_forward --out '" +
                       out + "' --report --json",
                   dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json report = nlohmann::json::parse(run.out);
  ASSERT_EQ(report["clips"].size(), 1u);
  EXPECT_EQ(report["clips"][0]["name"], "walk_forward");
  const nlohmann::json& chains = report["clips"][0]["chains"];
  ASSERT_EQ(chains.size(), 4u);
  for (const nlohmann::json& chain : chains) {
    EXPECT_LT(chain["end_error_m"].get<float>(), 1e-3f) << chain.dump();
    if (!chain.contains("steps")) continue;
    EXPECT_GT(chain["steps"].get<int>(), 0) << chain.dump();
    EXPECT_LT(chain["planted_height_error_leg"].get<float>(), 1e-3f) << chain.dump();
  }
  EXPECT_TRUE(std::filesystem::exists(out));
}

// walk.fbx alone: a skeleton without a mesh (its rest pose a frame of the walk, beside cameras and
// a sky node), stood up to find its legs.
TEST_F(RetargetCli, WritesTheMeshLessPabWalkOnTheKnight) {
  const std::filesystem::path walk = test::shared_asset("pab/walk.fbx");
  const std::filesystem::path knight = test::shared_asset("kaykit/Knight.glb");
  SKIP_IF_ABSENT(walk);
  SKIP_IF_ABSENT(knight);
  const std::string out = (dir_ / "knight_pab_walk.glb").string();
  const ProcessResult run = run_animview(
      "retarget '" + walk.string() + "' --to '" + knight.string() + "' --out '" + out + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("1 clip retargeted"), std::string::npos) << run.out;

  const importer::ImportResult written = importer::import_file(out, importer::ImportSettings{});
  const importer::ImportResult source =
      importer::import_file(walk.string(), importer::ImportSettings{});
  const importer::ImportResult model =
      importer::import_file(knight.string(), importer::ImportSettings{});
  ASSERT_TRUE(written.ok() && source.ok() && model.ok()) << written.error << source.error;
  ASSERT_EQ(written.character.clips.size(), 1u);
  EXPECT_NEAR(written.character.clips[0].duration_s, source.character.clips[0].duration_s, 1e-3f);
  const importer::ClipRetargeting expected =
      importer::retarget_clips(source.character, model.character);
  ASSERT_TRUE(expected.ok()) << expected.error;
  importer::Character with_expected = model.character;
  with_expected.clips = expected.clips;
  const int pelvis = expected.map.target_rig.pelvis;
  const int foot = model.character.skeleton.find_joint("foot.r");
  ASSERT_GE(foot, 0);
  ASSERT_GE(pelvis, 0);
  const float end = written.character.clips[0].duration_s;
  for (const float t : {0.0f, 0.5f * end, 0.9f * end}) {
    const auto want = test::model_pose(with_expected, &with_expected.clips[0], t);
    const auto got = test::model_pose(written.character, &written.character.clips[0], t);
    EXPECT_LT(glm::length(glm::vec3(got[foot][3]) - glm::vec3(want[foot][3])), 1e-3f) << t;
    // The Knight walks with the pab skeleton: its pelvis travels forward (root motion, scaled).
    EXPECT_GT(got[pelvis][3].y, 0.0f) << t;
  }
  const auto first = test::model_pose(written.character, &written.character.clips[0], 0.0f);
  // (Not at its end: the clip loops, and its end is its start.)
  const auto last = test::model_pose(written.character, &written.character.clips[0], 0.9f * end);
  EXPECT_GT(glm::length(glm::vec3(last[pelvis][3]) - glm::vec3(first[pelvis][3])), 0.2f);
}

TEST_F(RetargetCli, BadInputGetsAMessageAndExitCodeOne) {
  const std::string out = (dir_ / "out.glb").string();
  const ProcessResult missing = run_animview(
      "retarget '" + demo_ + "' --to '" + demo_ + "' --clip nope --out '" + out + "'", dir_);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no clip 'nope'"), std::string::npos) << missing.err;

  const std::string garbage = (dir_ / "garbage.fbx").string();
  std::ofstream(garbage) << "not a model";
  const ProcessResult unreadable =
      run_animview("retarget '" + garbage + "' --to '" + demo_ + "' --out '" + out + "'", dir_);
  EXPECT_EQ(unreadable.exit_code, 1);
  EXPECT_NE(unreadable.err.find("garbage.fbx"), std::string::npos) << unreadable.err;

  // A skinned cylinder of two bones has no legs.
  const std::filesystem::path cylinder = test::shared_asset("khronos/rigged_simple.gltf");
  if (std::filesystem::exists(cylinder)) {
    const ProcessResult no_legs = run_animview(
        "retarget '" + demo_ + "' --to '" + cylinder.string() + "' --out '" + out + "'", dir_);
    EXPECT_EQ(no_legs.exit_code, 1);
    EXPECT_NE(no_legs.err.find("no rig with legs found to retarget onto"), std::string::npos)
        << no_legs.err;
    EXPECT_NE(no_legs.err.find("rigged_simple.gltf"), std::string::npos) << no_legs.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out));

  const ProcessResult no_to = run_animview("retarget '" + demo_ + "' --out '" + out + "'", dir_);
  EXPECT_EQ(no_to.exit_code, 2);
}

}  // namespace
