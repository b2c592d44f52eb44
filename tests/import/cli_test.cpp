// The `info` and `pose` subcommands, run as the real animview executable on small files
// written by the test.

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "anim/mirror.h"
#include "import/importer.h"
#include "import/rig_finder.h"
#include "support/cli_runner.h"
#include "support/gltf_writer.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

using test::ProcessResult;
using test::run_animview;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_UNLESS_ANIMVIEW_BUILT();
    dir_ = test::make_temp_dir();
    // hip (0, 1, 0) -> knee, whose translation goes (0, 1, 0) -> (0, 3, 0) over 2 s, and
    // whose rotation turns 90 degrees about Y over the same time.
    test::GltfWriter gltf;
    const int hip = gltf.add_node("hip", {0.0f, 1.0f, 0.0f});
    const int knee = gltf.add_node("knee", {0.0f, 1.0f, 0.0f});
    gltf.add_child(hip, knee);
    const float s = std::sqrt(0.5f);
    gltf.add_animation("rise", {{knee, "translation", {0.0f, 2.0f}, {0, 1, 0, 0, 3, 0}},
                                {knee, "rotation", {0.0f, 2.0f}, {0, 0, 0, 1, 0, s, 0, s}}});
    file_ = gltf.write(dir_ / "chain.gltf").string();
  }

  std::filesystem::path dir_;
  std::string file_;
};

TEST_F(Cli, InfoJsonDescribesSkeletonAndClips) {
  const ProcessResult run = run_animview("info --json '" + file_ + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json info = nlohmann::json::parse(run.out);
  EXPECT_EQ(info["skeleton"]["joint_count"], 2);
  EXPECT_EQ(info["skeleton"]["joints"][1]["name"], "knee");
  EXPECT_EQ(info["skeleton"]["joints"][1]["parent"], 0);
  ASSERT_EQ(info["clips"].size(), 1u);
  EXPECT_EQ(info["clips"][0]["name"], "rise");
  EXPECT_NEAR(info["clips"][0]["duration"].get<double>(), 2.0, 1e-6);
  // The rotation's 90 degrees in one interval are slerped as glTF says: the importer adds keys
  // on the slerp path where the runtime's nlerp would stray by more than 1e-5 of the size (1 m
  // here). The knee moves no point (its reach counts as 5% of the size) in a chain of two:
  // 1e-4 rad, which nlerp keeps over half angles up to 0.1395 rad: 6 intervals, 7 keys.
  EXPECT_EQ(info["clips"][0]["keys"], 7);
  EXPECT_EQ(info["clips"][0]["joints_animated"], 1);
  EXPECT_TRUE(info["meshes"].empty());
}

TEST_F(Cli, InfoTextListsTheHierarchy) {
  const ProcessResult run = run_animview("info '" + file_ + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("skeleton: 2 joints"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n    knee\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("rise: 2.000 s"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nmaterials: 0\n"), std::string::npos) << run.out;
}

TEST_F(Cli, InfoTextListsTheMaterialsAndTheirTextures) {
  const auto duck = test::assimp_model("Collada/duck.dae");
  SKIP_IF_ABSENT(duck);
  const ProcessResult run = run_animview("info '" + duck.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string expected = "\nmaterials: 1\n  blinn3: base colour 1 1 1 1, texture " +
                               (duck.parent_path() / "duckCM.tga").string() + "\n";
  EXPECT_NE(run.out.find(expected), std::string::npos) << run.out;

  // Copied without its image: the missing file is named, in the text and in the JSON.
  const auto alone = dir_ / "duck.dae";
  std::filesystem::copy_file(duck, alone);
  const std::string image = (dir_ / "duckCM.tga").string();
  const ProcessResult text = run_animview("info '" + alone.string() + "'", dir_);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(
      text.out.find("texture " + image + "\n    base colour image not found: " + image + "\n"),
      std::string::npos)
      << text.out;
  const ProcessResult json = run_animview("info --json '" + alone.string() + "'", dir_);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json materials = nlohmann::json::parse(json.out)["materials"];
  ASSERT_EQ(materials.size(), 1u);
  EXPECT_EQ(materials[0]["missing_images"],
            nlohmann::json::array({"base colour image not found: " + image}));
}

// The same chain written in centimetres (a hip 100 units up, a knee rising from 100 to 300 units
// above it): 100 units tall, not plausible in metres. info says what the viewer, pose and render
// make of it, and pose prints the knee in metres (2.5 at 0.5 s), or with --unit-scale 1 in the
// file's own units.
TEST_F(Cli, InfoAndPoseGuessCentimetresForAChainAHundredUnitsTall) {
  test::GltfWriter gltf;
  const int hip = gltf.add_node("hip", {0.0f, 100.0f, 0.0f});
  const int knee = gltf.add_node("knee", {0.0f, 100.0f, 0.0f});
  gltf.add_child(hip, knee);
  gltf.add_animation("rise", {{knee, "translation", {0.0f, 2.0f}, {0, 100, 0, 0, 300, 0}}});
  const std::string file = gltf.write(dir_ / "chain_cm.gltf").string();

  const ProcessResult info = run_animview("info --json '" + file + "'", dir_);
  ASSERT_EQ(info.exit_code, 0) << info.err;
  const nlohmann::json units = nlohmann::json::parse(info.out);
  EXPECT_NEAR(units["height"].get<double>(), 100.0, 1e-3);
  ASSERT_TRUE(units["unit_guess"].is_object()) << info.out;
  EXPECT_EQ(units["unit_guess"]["unit"], "centimetres");
  EXPECT_NEAR(units["unit_guess"]["unit_scale"].get<double>(), 0.01, 1e-7);
  // The chain in metres needs no guess.
  const ProcessResult metres = run_animview("info --json '" + file_ + "'", dir_);
  ASSERT_EQ(metres.exit_code, 0) << metres.err;
  EXPECT_TRUE(nlohmann::json::parse(metres.out)["unit_guess"].is_null());

  const std::string pose = "pose '" + file + "' --clip rise --time 2.5 --json";
  const ProcessResult guessed = run_animview(pose, dir_);
  ASSERT_EQ(guessed.exit_code, 0) << guessed.err;
  EXPECT_NE(guessed.err.find("units guessed: centimetres"), std::string::npos) << guessed.err;
  EXPECT_NEAR(nlohmann::json::parse(guessed.out)["joints"][1]["translation"][1].get<double>(), 2.5,
              1e-5);
  const ProcessResult own = run_animview(pose + " --unit-scale 1", dir_);
  ASSERT_EQ(own.exit_code, 0) << own.err;
  EXPECT_EQ(own.err.find("units guessed"), std::string::npos) << own.err;
  EXPECT_NEAR(nlohmann::json::parse(own.out)["joints"][1]["translation"][1].get<double>(), 250.0,
              1e-3);
}

TEST_F(Cli, PoseJsonGivesModelSpaceTransformsAtTheWrappedTime) {
  // 2.5 s wraps to 0.5 s: a quarter of the way, the knee's local translation is (0, 1.5, 0) and
  // its rotation a quarter of the way to 90 degrees about Y; the hip adds (0, 1, 0).
  const ProcessResult run =
      run_animview("pose '" + file_ + "' --clip rise --time 2.5 --json", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json pose = nlohmann::json::parse(run.out);
  EXPECT_EQ(pose["clip"], "rise");
  EXPECT_NEAR(pose["time"].get<double>(), 0.5, 1e-6);
  EXPECT_NEAR(pose["duration"].get<double>(), 2.0, 1e-6);
  ASSERT_EQ(pose["joints"].size(), 2u);
  const nlohmann::json& knee = pose["joints"][1];
  EXPECT_EQ(knee["name"], "knee");
  EXPECT_EQ(knee["parent"], "hip");
  EXPECT_NEAR(knee["translation"][1].get<double>(), 2.5, 1e-5);
  // glTF's LINEAR rotations slerp: a quarter of 90 degrees about Y is 22.5 degrees, the
  // quaternion (0, sin 11.25, 0, cos 11.25).
  const double half = 11.25 * std::acos(-1.0) / 180.0;
  const double y = std::sin(half);
  const double w = std::cos(half);
  const double length = 1.0;
  EXPECT_NEAR(knee["rotation"][1].get<double>(), y / length, 1e-5);
  EXPECT_NEAR(knee["rotation"][3].get<double>(), w / length, 1e-5);
  EXPECT_NEAR(knee["scale"][0].get<double>(), 1.0, 1e-5);
  // Column-major: the translation is elements 12..14; element 0 is 1 - 2 y^2 for a turn about Y.
  EXPECT_NEAR(knee["matrix"][13].get<double>(), 2.5, 1e-5);
  EXPECT_NEAR(knee["matrix"][0].get<double>(), 1.0 - 2.0 * y * y / (length * length), 1e-5);
}

TEST_F(Cli, PoseWithoutClipIsTheBindPoseAndClipsMayComeFromAnotherFile) {
  const ProcessResult bind = run_animview("pose '" + file_ + "' --json", dir_);
  ASSERT_EQ(bind.exit_code, 0) << bind.err;
  const nlohmann::json pose = nlohmann::json::parse(bind.out);
  EXPECT_TRUE(pose["clip"].is_null());
  EXPECT_NEAR(pose["joints"][1]["translation"][1].get<double>(), 2.0, 1e-6);

  const ProcessResult other = run_animview(
      "pose '" + file_ + "' --anim-file '" + file_ + "' --clip 0 --time 2 --json", dir_);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  // 2 s wraps to 0 in a looping 2 s clip: the first key again.
  EXPECT_NEAR(nlohmann::json::parse(other.out)["joints"][1]["translation"][1].get<double>(), 2.0,
              1e-5);
}

TEST_F(Cli, FailuresExitNonZeroNamingTheFileAndCause) {
  const std::string missing = (dir_ / "missing.fbx").string();
  const ProcessResult not_there = run_animview("info '" + missing + "'", dir_);
  EXPECT_EQ(not_there.exit_code, 1);
  EXPECT_NE(not_there.err.find(missing), std::string::npos) << not_there.err;
  EXPECT_NE(not_there.err.find("does not exist"), std::string::npos) << not_there.err;

  const ProcessResult no_clip = run_animview("pose '" + file_ + "' --clip walk --json", dir_);
  EXPECT_EQ(no_clip.exit_code, 1);
  EXPECT_NE(no_clip.err.find("no clip named or numbered 'walk'"), std::string::npos) << no_clip.err;
  EXPECT_NE(no_clip.err.find("'rise'"), std::string::npos) << no_clip.err;

  const ProcessResult bad_time = run_animview("pose '" + file_ + "' --time soon", dir_);
  EXPECT_EQ(bad_time.exit_code, 2);
  const ProcessResult no_file = run_animview("info", dir_);
  EXPECT_EQ(no_file.exit_code, 2);
}

// export-clip writes one clip, mirrored on request: the written walk_left is the demo's, mirrored
// by the same table, and its rig is reported by info --json.
TEST_F(Cli, ExportClipWritesTheMirroredClip) {
  const std::string demo = (dir_ / "demo.glb").string();
  ASSERT_EQ(run_animview("export-demo '" + demo + "'", dir_).exit_code, 0);
  const std::string out = (dir_ / "walk_right.glb").string();
  const ProcessResult run = run_animview(
      "export-clip '" + demo + "' --clip walk_left --mirror --out '" + out + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;

  const importer::ImportResult original = importer::import_file(demo, importer::ImportSettings{});
  const importer::ImportResult written = importer::import_file(out, importer::ImportSettings{});
  ASSERT_TRUE(original.ok()) << original.error;
  ASSERT_TRUE(written.ok()) << written.error;
  ASSERT_EQ(written.character.clips.size(), 1u);
  const anim::Clip* walk = test::find_clip(original.character.clips, "walk_left");
  ASSERT_NE(walk, nullptr);
  const anim::MirrorTable table =
      importer::mirror_table(original.character, importer::find_character_rig(original.character));
  const anim::Clip expected = anim::mirror_clip(*walk, original.character.skeleton, table);
  const int foot = original.character.skeleton.find_joint("foot_l");
  for (const float t : {0.0f, 0.3f, 0.7f}) {
    const glm::vec3 want = test::model_pose(original.character, &expected, t)[foot][3];
    const glm::vec3 got =
        test::model_pose(written.character, &written.character.clips[0], t)[foot][3];
    EXPECT_LT(glm::length(got - want), 1e-3f) << t;
  }

  const ProcessResult info = run_animview("info --json '" + out + "'", dir_);
  const nlohmann::json rig = nlohmann::json::parse(info.out)["rig"];
  EXPECT_EQ(rig["kind"], "biped");
  EXPECT_EQ(rig["limbs"][0]["joints"][0], "thigh_l");
  EXPECT_EQ(rig["limbs"][0]["side"], "left");

  const ProcessResult missing =
      run_animview("export-clip '" + demo + "' --clip nope --out '" + out + "'", dir_);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no clip named or numbered 'nope' (clips: 0: '"), std::string::npos)
      << missing.err;
  // By index, as `pose --clip` takes it.
  const ProcessResult by_index =
      run_animview("export-clip '" + demo + "' --clip 1 --out '" + out + "'", dir_);
  ASSERT_EQ(by_index.exit_code, 0) << by_index.err;
  const importer::ImportResult second = importer::import_file(out, importer::ImportSettings{});
  ASSERT_TRUE(second.ok()) << second.error;
  ASSERT_EQ(second.character.clips.size(), 1u);
  EXPECT_EQ(second.character.clips[0].name, original.character.clips[1].name);
}

}  // namespace
