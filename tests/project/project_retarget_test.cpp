// The project's "retarget" section: written only when there are entries, read back the same,
// bad fields named by their path; old files open without it.
#include "project/project_retarget.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "demo/demo_character.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "project/project_file.h"
#include "project/project_paths.h"
#include "project/project_retarget_clips.h"
#include "project/project_retarget_json.h"

namespace project {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Project with_retargets() {
  Project p;
  p.character = "Knight.glb";
  p.clips = {"walk"};
  ProjectRetarget walk;
  walk.file = "mocap/131_01.bvh";
  walk.corrections = {{"upperarm.l", "LeftShoulder"}, {"handslot.r", ""}};
  walk.leg_mode = anim::ChainMode::SourcePosition;
  walk.arm_mode = anim::ChainMode::KeepContacts;
  walk.chain_offsets = {{anim::LimbRole::Arm, anim::LimbSide::Right, false, {0.0f, 0.0f, -12.5f}},
                        {anim::LimbRole::Leg, anim::LimbSide::Left, true, {3.0f, 0.0f, 0.0f}}};
  ProjectRetarget one;
  one.file = "/abs/run.fbx";
  one.clip = "run";
  p.retargets = {walk, one};
  return p;
}

TEST(ProjectRetarget, RoundTripKeepsEveryField) {
  const Project p = with_retargets();
  const std::string text = project_to_json(p);
  const json j = json::parse(text);
  ASSERT_TRUE(j.contains("retarget"));
  EXPECT_EQ(j["retarget"][0]["leg_mode"], "source position");
  EXPECT_EQ(j["retarget"][0]["corrections"][1]["source"], "");
  EXPECT_EQ(j["retarget"][0]["chain_offsets"][0]["side"], "right");
  Project back;
  ASSERT_EQ(parse_project(text, "p.json", back), "");
  EXPECT_TRUE(back.unknown_fields.empty());
  ASSERT_EQ(back.retargets.size(), 2u);
  const ProjectRetarget& walk = back.retargets[0];
  EXPECT_EQ(walk.file, "mocap/131_01.bvh");
  EXPECT_EQ(walk.clip, "");
  ASSERT_EQ(walk.corrections.size(), 2u);
  EXPECT_EQ(walk.corrections[0].target_joint, "upperarm.l");
  EXPECT_EQ(walk.corrections[0].source_joint, "LeftShoulder");
  EXPECT_EQ(walk.corrections[1].target_joint, "handslot.r");
  EXPECT_EQ(walk.corrections[1].source_joint, "");
  EXPECT_EQ(walk.leg_mode, anim::ChainMode::SourcePosition);
  EXPECT_EQ(walk.arm_mode, anim::ChainMode::KeepContacts);
  ASSERT_EQ(walk.chain_offsets.size(), 2u);
  EXPECT_EQ(walk.chain_offsets[0].role, anim::LimbRole::Arm);
  EXPECT_EQ(walk.chain_offsets[0].side, anim::LimbSide::Right);
  EXPECT_FALSE(walk.chain_offsets[0].front);
  EXPECT_FLOAT_EQ(walk.chain_offsets[0].rotation_deg.z, -12.5f);
  EXPECT_EQ(walk.chain_offsets[1].role, anim::LimbRole::Leg);
  EXPECT_TRUE(walk.chain_offsets[1].front);
  EXPECT_FLOAT_EQ(walk.chain_offsets[1].rotation_deg.x, 3.0f);
  EXPECT_EQ(back.retargets[1].clip, "run");
  EXPECT_EQ(back.retargets[1].leg_mode, anim::ChainMode::KeepContacts);
  EXPECT_EQ(project_to_json(back), text);
}

TEST(ProjectRetarget, AProjectWithoutItWritesNoSectionAndOldFilesOpen) {
  Project p;
  p.character = "<demo>";
  EXPECT_FALSE(json::parse(project_to_json(p)).contains("retarget"));
  const std::string old = R"({"version": 1, "character": "<demo>", "clips": [],
                              "state_machine": {"states": []}})";
  Project back;
  ASSERT_EQ(parse_project(old, "old.json", back), "");
  EXPECT_TRUE(back.retargets.empty());
}

TEST(ProjectRetarget, EachBadFieldIsNamedByItsPath) {
  const auto error_of = [](const std::string& section) {
    Project p;
    return parse_project(R"({"version": 1, "character": "<demo>", "clips": [],
                            "state_machine": {"states": []}, "retarget": )" +
                             section + "}",
                         "p.json", p);
  };
  EXPECT_NE(error_of(R"({"file": "a.bvh"})").find("retarget: expected an array"),
            std::string::npos);
  EXPECT_NE(error_of(R"([{"clip": "x"}])").find("retarget[0].file: missing"), std::string::npos);
  EXPECT_NE(error_of(R"([{"file": "a.bvh", "leg_mode": "fly"}])").find("retarget[0].leg_mode"),
            std::string::npos);
  EXPECT_NE(error_of(R"([{"file": "a.bvh", "corrections": [{"source": "x"}]}])")
                .find("retarget[0].corrections[0].target: missing"),
            std::string::npos);
  EXPECT_NE(error_of(R"([{"file": "a.bvh", "chain_offsets": [{"role": "arm", "side": "up",
                                                              "rotation_deg": [0, 0, 0]}]}])")
                .find("retarget[0].chain_offsets[0].side"),
            std::string::npos);
  EXPECT_NE(error_of(R"([{"file": "a.bvh", "chain_offsets": [{"role": "arm", "side": "left",
                                                              "rotation_deg": [0, 1e9, 0]}]}])")
                .find("retarget[0].chain_offsets[0].rotation_deg[1]"),
            std::string::npos);
}

TEST(ProjectRetarget, SavingElsewhereRebasesTheSourceFiles) {
  Project p = with_retargets();
  rebase_project_paths(p, "/work/a", "/work/b");
  EXPECT_EQ(p.retargets[0].file, "../a/mocap/131_01.bvh");
  // As clip files: relative when the folders share a root.
  EXPECT_EQ(p.retargets[1].file, "../../abs/run.fbx");
}

TEST(ProjectRetarget, ACorrectionSetTwiceKeepsTheLastAndOffsetsAreFoundByLimb) {
  ProjectRetarget e;
  set_retarget_correction(e, "hand.l", "LeftHand");
  set_retarget_correction(e, "hand.l", "");
  ASSERT_EQ(e.corrections.size(), 1u);
  EXPECT_EQ(e.corrections[0].source_joint, "");
  chain_offset(e, anim::LimbRole::Arm, anim::LimbSide::Left, false).rotation_deg.z = 10.0f;
  EXPECT_FLOAT_EQ(chain_offset(e, anim::LimbRole::Arm, anim::LimbSide::Left, false).rotation_deg.z,
                  10.0f);
  EXPECT_EQ(e.chain_offsets.size(), 1u);
  const anim::RetargetOptions options = retarget_options(e);
  EXPECT_EQ(options.corrections.size(), 1u);
  EXPECT_EQ(options.chain_offsets.size(), 1u);
}

// An entry's file is found by the rule project loads and the Retarget panel share
// (resolve_project_path): a relative one in the project's folder, an absolute one where it
// says; a missing one is named as resolved.
TEST(ProjectRetarget, ARelativeEntryIsReadFromTheProjectFolderAndAMissingOneIsNamed) {
  const std::string bvh = "/usr/share/assimp/models/BVH/01_01.bvh";
  if (!fs::exists(bvh)) GTEST_SKIP() << bvh << " is absent (assimp-testmodels)";
  const fs::path folder =
      fs::temp_directory_path() / ("animview_entry_path_" + std::to_string(::getpid()));
  fs::create_directories(folder / "mocap");
  struct Removed {
    fs::path folder;
    ~Removed() { fs::remove_all(folder); }
  } removed{folder};
  fs::copy_file(bvh, folder / "mocap" / "walk.bvh", fs::copy_options::overwrite_existing);
  const importer::ImportResult reference = importer::import_file(bvh, {});
  ASSERT_TRUE(reference.ok()) << reference.error;
  const importer::Character demo = demo::make_demo_character();
  const anim::Rig rig = importer::find_character_rig(demo);

  ProjectRetarget entry;
  entry.file = "mocap/walk.bvh";
  const std::string path = resolve_project_path(entry.file, folder);
  EXPECT_EQ(fs::path(path), folder / "mocap" / "walk.bvh");
  importer::Character source;
  const importer::ClipRetargeting found = retarget_project_file(entry, path, demo, rig, {}, source);
  ASSERT_TRUE(found.ok()) << found.error;
  EXPECT_EQ(source.skeleton.joint_names, reference.character.skeleton.joint_names);
  EXPECT_EQ(found.clips.size(), reference.character.clips.size());

  entry.file = bvh;
  EXPECT_EQ(resolve_project_path(entry.file, folder), bvh);

  entry.file = "mocap/run.bvh";
  const std::string missing_path = resolve_project_path(entry.file, folder);
  importer::Character none;
  const importer::ClipRetargeting missing =
      retarget_project_file(entry, missing_path, demo, rig, {}, none);
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.error.find((folder / "mocap" / "run.bvh").string()), std::string::npos)
      << missing.error;
  EXPECT_NE(missing.error.find("missing"), std::string::npos) << missing.error;
  EXPECT_EQ(none.skeleton.joint_count(), 0);
}

#ifdef ANIMVIEW_SHARED_ASSETS
const std::string kShared = ANIMVIEW_SHARED_ASSETS;
#else
const std::string kShared;
#endif

TEST(ProjectRetarget, TheKnightTakesTheCmuWalkWithACorrectionOrNamesAMissingFile) {
  const std::string knight = kShared + "/kaykit/Knight.glb";
  const std::string walk = kShared + "/cmu/scaled_131_01.bvh";
  if (kShared.empty() || !fs::exists(knight) || !fs::exists(walk)) {
    GTEST_SKIP() << "KayKit Knight or the CMU walk is absent (ANIMVIEW_SHARED_ASSETS)";
  }
  importer::ImportResult target = importer::import_file(knight, {});
  ASSERT_TRUE(target.ok()) << target.error;
  const anim::Rig rig = importer::find_character_rig(target.character);
  ProjectRetarget entry;
  entry.file = walk;
  // The Knight's left upper arm follows the source's right one: a correction a test can see.
  const int upper = rig.limbs[0].joints[0];
  const std::string upper_name =
      target.character.skeleton.joint_names[static_cast<std::size_t>(upper)];
  entry.corrections = {{upper_name, "RightShoulder"}};
  importer::Character source;
  const importer::ClipRetargeting result =
      retarget_project_file(entry, walk, target.character, rig, {}, source);
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_FALSE(result.clips.empty());
  EXPECT_EQ(result.map.joints[static_cast<std::size_t>(upper)].via, anim::RetargetVia::Correction);
  EXPECT_EQ(result.map.joints[static_cast<std::size_t>(upper)].source_a,
            source.skeleton.find_joint("RightShoulder"));
  EXPECT_EQ(result.clips[0].tracks.size(),
            static_cast<std::size_t>(target.character.skeleton.joint_count()));

  importer::Character none;
  const importer::ClipRetargeting missing =
      retarget_project_file(entry, "/nonexistent/walk.bvh", target.character, rig, {}, none);
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.error.find("/nonexistent/walk.bvh"), std::string::npos) << missing.error;
  EXPECT_NE(missing.error.find("missing"), std::string::npos) << missing.error;
}

}  // namespace
}  // namespace project
