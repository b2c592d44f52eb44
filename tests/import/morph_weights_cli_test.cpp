// Morph target weights through the real animview executable: `pose --json`'s "morph_weights"
// (one entry per node holding a mesh with targets, the file's node name, targets in file order)
// against values read from the files independently, and `info`'s targets and animated shapes;
// the same for an FBX file's blend-shape weight curves.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "support/cli_runner.h"
#include "support/fbx_twins.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

nlohmann::json pose_json(const std::filesystem::path& file, const std::string& clip,
                         const std::string& time, const std::filesystem::path& dir) {
  const test::ProcessResult run = test::run_animview(
      "pose '" + file.string() + "' --clip " + clip + " --time " + time + " --json", dir);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return run.exit_code == 0 ? nlohmann::json::parse(run.out) : nlohmann::json();
}

// The executable is not built in the sanitizer build, which runs this suite too.
class MorphWeightsCli : public ::testing::Test {
 protected:
  void SetUp() override { SKIP_UNLESS_ANIMVIEW_BUILT(); }
};

TEST_F(MorphWeightsCli, PoseJsonGivesTheSpheresWeightsBetweenTwoKeys) {
  const auto file = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(file);
  const auto dir = test::make_temp_dir();
  const nlohmann::json pose = pose_json(file, "Globe", "3.3499982357025146", dir);
  ASSERT_TRUE(pose.contains("morph_weights"));
  const nlohmann::json& weights = pose["morph_weights"];
  ASSERT_EQ(weights.size(), 1u);
  EXPECT_EQ(weights[0]["node"], "AnimatedMorphSphere");
  EXPECT_EQ(weights[0]["targets"], nlohmann::json({"target 0", "target 1"}));
  // Half way between keys 100 and 101 of the LINEAR sampler (read with python3's struct from
  // AnimatedMorphSphere.bin: (0.6339441538, 0.3660558760) and (0.6539884210, 0.3460115790)).
  ASSERT_EQ(weights[0]["weights"].size(), 2u);
  EXPECT_NEAR(weights[0]["weights"][0].get<double>(), 0.6439662873744965, 1e-5);
  EXPECT_NEAR(weights[0]["weights"][1].get<double>(), 0.35603372752666473, 1e-5);
  std::filesystem::remove_all(dir);
}

// RobotExpressive's three head nodes each hold the face shapes; every clip keys their weights.
// Read independently (python3: json + struct over the GLB's BIN chunk, the LINEAR samplers of
// the "weights" channels of nodes 6, 7, 8), every key of every clip is 0 for all three shapes:
// the file's clips keep the face neutral, so the printed weights must be exactly 0.
TEST_F(MorphWeightsCli, PoseJsonListsRobotExpressivesHeadsWithTheFilesWeights) {
  const auto file = test::shared_asset("quaternius/RobotExpressive.glb");
  SKIP_IF_ABSENT(file);
  const auto dir = test::make_temp_dir();
  for (const char* time : {"0", "0.5", "1.2"}) {
    const nlohmann::json pose = pose_json(file, "Wave", time, dir);
    const nlohmann::json& weights = pose["morph_weights"];
    ASSERT_EQ(weights.size(), 3u) << time;
    const char* nodes[] = {"Head_2", "Head_3", "Head_4"};
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(weights[i]["node"], nodes[i]);
      EXPECT_EQ(weights[i]["targets"], nlohmann::json({"Angry", "Surprised", "Sad"}));
      EXPECT_EQ(weights[i]["weights"], nlohmann::json({0.0, 0.0, 0.0})) << time;
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_F(MorphWeightsCli, InfoListsTargetsPerMeshAndAnimatedShapesPerClip) {
  const auto file = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(file);
  const auto dir = test::make_temp_dir();
  const test::ProcessResult text = test::run_animview("info '" + file.string() + "'", dir);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("morph targets (node AnimatedMorphSphere): target 0, target 1"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("shapes animated: AnimatedMorphSphere/target 0, "
                          "AnimatedMorphSphere/target 1"),
            std::string::npos)
      << text.out;
  const test::ProcessResult json = test::run_animview("info '" + file.string() + "' --json", dir);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json info = nlohmann::json::parse(json.out);
  EXPECT_EQ(info["meshes"][0]["morph_targets"], nlohmann::json({"target 0", "target 1"}));
  EXPECT_EQ(info["clips"][0]["shapes_animated"].size(), 2u);
  // Two weight tracks of 217 keys: 217 times and 217 values each, 4 bytes apiece.
  EXPECT_EQ(info["clips"][0]["shape_key_bytes"], 2 * 217 * 2 * 4);
  ASSERT_TRUE(info["clips"][0]["shapes_compressed_bytes"].is_number()) << json.out;
  EXPECT_LT(info["clips"][0]["shapes_compressed_bytes"].get<int>(), 2 * 217 * 2 * 4);
  EXPECT_NE(text.out.find("shape memory: 3.5 KB of keys, "), std::string::npos) << text.out;
  std::filesystem::remove_all(dir);
}

// The FBX twin of the sphere with hand-made weight curves (fbx_twins.h): half way between
// Squash's keys at 1 s (100 %) and 2 s (25 %), and a third of the way from Bulge's key at 0.5 s
// (40 %) to its key at 2 s (80 %).
TEST_F(MorphWeightsCli, FbxShapeCurvesAreListedByInfoAndPlayedByPose) {
  const auto gltf = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(gltf);
  const auto file = test::fbx_twin_with_shape_curves(gltf);
  const auto dir = file.parent_path();  // the test's temporary folder (a second one empties it)
  const test::ProcessResult text = test::run_animview("info '" + file.string() + "'", dir);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("morph targets (node Sphere): Squash, Bulge"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("shapes animated: Sphere/Squash, Sphere/Bulge"), std::string::npos)
      << text.out;
  const nlohmann::json pose = pose_json(file, "Globe", "1.5", dir);
  ASSERT_TRUE(pose.contains("morph_weights"));
  const nlohmann::json& weights = pose["morph_weights"];
  ASSERT_EQ(weights.size(), 1u);
  EXPECT_EQ(weights[0]["node"], "Sphere");
  EXPECT_EQ(weights[0]["targets"], nlohmann::json({"Squash", "Bulge"}));
  ASSERT_EQ(weights[0]["weights"].size(), 2u);
  EXPECT_NEAR(weights[0]["weights"][0].get<double>(), 1.0 + (0.25 - 1.0) * 0.5, 1e-4);
  EXPECT_NEAR(weights[0]["weights"][1].get<double>(), 0.4 + 0.4 / 1.5, 1e-4);
  std::filesystem::remove_all(dir);
}

}  // namespace
