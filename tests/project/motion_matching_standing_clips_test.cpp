// The clips a motion-matching database takes by default: those the character stands in
// (project::find_standing_clips), on real libraries, and `animview mm-build`'s default, its notes
// and its --include and --all-clips.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/motion_matching_build.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace project {
namespace {

const std::filesystem::path kAssets(ANIMVIEW_SHARED_ASSETS);

// Quaternius's RobotExpressive: its sit and stand-up (thighs level) and its death (torso level)
// are left out; its walk, run, jump and gestures are taken.
TEST(StandingClips, RobotExpressiveLeavesOutItsSitsAndItsDeath) {
  const std::filesystem::path file = kAssets / "quaternius" / "RobotExpressive.glb";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
  const importer::ImportResult robot = importer::import_file(file.string(), {});
  ASSERT_TRUE(robot.ok()) << robot.error;
  const importer::Character& c = robot.character;
  const StandingClips standing =
      find_standing_clips(c.skeleton, importer::find_character_rig(c), c.clips);
  ASSERT_EQ(standing.stands.size(), c.clips.size());
  for (std::size_t i = 0; i < c.clips.size(); ++i) {
    const std::string& name = c.clips[i].name;
    const bool out = name == "Sitting" || name == "Standing" || name == "Death";
    EXPECT_EQ(standing.stands[i], out ? 0 : 1) << name << ": torso " << standing.stances[i].torso
                                               << ", thigh " << standing.stances[i].thigh;
    if (name == "Death") {
      EXPECT_NE(why_not_standing(standing.stances[i]).find("torso leans"), std::string::npos);
    }
    if (name == "Sitting") {
      EXPECT_NE(why_not_standing(standing.stances[i]).find("thighs rise"), std::string::npos);
    }
  }
}

TEST(StandingClips, WithoutABipedRigEveryClipStands) {
  const std::filesystem::path file = kAssets / "khronos" / "Fox.glb";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
  const importer::ImportResult fox = importer::import_file(file.string(), {});
  ASSERT_TRUE(fox.ok()) << fox.error;
  const importer::Character& c = fox.character;
  const StandingClips standing =
      find_standing_clips(c.skeleton, importer::find_character_rig(c), c.clips);
  ASSERT_FALSE(c.clips.empty());
  for (std::uint8_t stands : standing.stands) EXPECT_EQ(stands, 1);
}

int frames_of(const nlohmann::json& summary, const std::string& clip) {
  for (const auto& c : summary["clips"]) {
    if (c["name"] == clip) return c["frames"].get<int>();
  }
  ADD_FAILURE() << "no clip " << clip;
  return -1;
}

TEST(StandingClips, MmBuildTakesTheStandingClipsUnlessTold) {
  SKIP_UNLESS_ANIMVIEW_BUILT();
  const std::filesystem::path file = kAssets / "kaykit" / "Knight.glb";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
  const std::filesystem::path dir = test::make_temp_dir();
  const std::string db = (dir / "knight_mm.json").string();
  const test::ProcessResult built =
      test::run_animview("mm-build '" + file.string() + "' --out '" + db + "' --json", dir);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const nlohmann::json summary = nlohmann::json::parse(built.out);
  EXPECT_EQ(frames_of(summary, "Sit_Floor_Idle"), 0);
  EXPECT_EQ(frames_of(summary, "Lie_Idle"), 0);
  EXPECT_GT(frames_of(summary, "Idle"), 0);
  EXPECT_GT(frames_of(summary, "Walking_A"), 0);
  for (const auto& c : summary["clips"]) {
    if (c["name"] == "Sit_Floor_Idle") {
      ASSERT_TRUE(c.contains("left_out")) << c.dump();
      EXPECT_NE(c["left_out"].get<std::string>().find("thighs rise"), std::string::npos);
    }
    if (c["name"] == "Walking_A") {
      EXPECT_FALSE(c.contains("left_out")) << c.dump();
    }
  }

  const test::ProcessResult told = test::run_animview(
      "mm-build '" + file.string() + "' --include Sit_Floor_Idle --out '" + db + "' --json", dir);
  ASSERT_EQ(told.exit_code, 0) << told.err;
  const nlohmann::json with_sit = nlohmann::json::parse(told.out);
  EXPECT_GT(frames_of(with_sit, "Sit_Floor_Idle"), 0);
  EXPECT_EQ(frames_of(with_sit, "Lie_Idle"), 0);

  const test::ProcessResult unknown =
      test::run_animview("mm-build '" + file.string() + "' --include Nap --out '" + db + "'", dir);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--include: no clip named 'Nap'"), std::string::npos) << unknown.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace project
