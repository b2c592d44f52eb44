// End to end through the real executable: files that crash, abort or exhaust assimp (made
// here, see hostile_files.h) and broken project files end `animview info` with exit code 1 and
// a message naming the file, never with a signal; bad numbers on the command line are refused.

#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "demo/demo_character.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/cli_runner.h"
#include "support/hostile_files.h"
#include "support/temp_files.h"

namespace {

using test::run_animview;

class HostileFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_UNLESS_ANIMVIEW_BUILT();
    dir_ = test::make_temp_dir();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static std::string quoted(const std::filesystem::path& path) {
    std::string q(1, '\'');
    q += path.string();
    q += '\'';
    return q;
  }

  std::filesystem::path dir_;
};

TEST_F(HostileFiles, AGltfSkinWithoutInverseBindMatricesImports) {
  // It segfaulted assimp's glTF reader; tinygltf reads it (the skin binds with identities).
  const auto file = hostile::skin_without_inverse_bind(dir_);
  const test::ProcessResult run = run_animview("info --json " + quoted(file), dir_);
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

TEST_F(HostileFiles, ColladaWithAVertexIndexPastItsSourceEndsWithAnExitCodeNotASignal) {
  const auto file = hostile::collada_index_past_source(dir_);
  const test::ProcessResult run = run_animview("info --json " + quoted(file), dir_);
  // assimp may refuse it or read past its source; either way the program ends normally.
  ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.exit_code << run.err;
  if (run.exit_code == 1) {
    EXPECT_NE(run.err.find(file.string()), std::string::npos) << run.err;
  }
}

TEST_F(HostileFiles, ABvhThirtyThousandJointsDeepEndsWithAnExitCodeNotASignal) {
  const auto file = hostile::deep_bvh(dir_, 30000);
  // assimp needs minutes of CPU for it (its BVH skeleton mesh is quadratic in the depth): the
  // CPU limit ends it. With a stack as small as a thread's default, its recursion crashes.
  const test::ProcessResult run =
      run_animview("--import-cpu-s 3 info --json " + quoted(file), dir_);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(
      run.err.find("the BVH importer took more than 3 s of CPU time reading " + file.string()),
      std::string::npos)
      << run.err;
  const test::ProcessResult small =
      run_animview("--import-stack-mib 1 info --json " + quoted(file), dir_);
  EXPECT_EQ(small.exit_code, 1);
  EXPECT_NE(small.err.find("the BVH importer crashed (SIGSEGV) reading " + file.string()),
            std::string::npos)
      << small.err;
}

TEST_F(HostileFiles, AChainThreeThousandJointsDeepImportsWholeAndInOrder) {
  const auto file = hostile::deep_bvh(dir_, 3000);
  const test::ProcessResult run = run_animview("info --json " + quoted(file), dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json info = nlohmann::json::parse(run.out);
  // assimp adds an "End Site" joint after the last one.
  ASSERT_EQ(info["skeleton"]["joint_count"], 3001);
  const nlohmann::json& joints = info["skeleton"]["joints"];
  EXPECT_TRUE(joints[0]["parent"].is_null());
  for (int j = 1; j < 3001; ++j) ASSERT_EQ(joints[j]["parent"], j - 1) << j;
  EXPECT_EQ(joints[2999]["name"], "j2999");
}

TEST_F(HostileFiles, AHugeSparseFileRunsIntoTheMemoryLimit) {
  const auto file = hostile::huge_sparse_file(dir_, std::uintmax_t{1536} << 20);
  const test::ProcessResult run =
      run_animview("--import-memory-mib 512 info " + quoted(file), dir_);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find(file.string()), std::string::npos) << run.err;
}

TEST_F(HostileFiles, AnUnreadableFileSaysPermissionDenied) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every file";
  const auto file = hostile::deep_bvh(dir_, 2);
  std::filesystem::permissions(file, std::filesystem::perms::none);
  const test::ProcessResult run = run_animview("info " + quoted(file), dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(file.string() + ": permission denied"), std::string::npos) << run.err;
}

TEST_F(HostileFiles, ATruncatedFbxSaysItsReaderDoesNotRecogniseIt) {
  // Not FBX's binary magic nor its text form: assimp would try every other reader.
  const auto file = dir_ / "truncated.fbx";
  std::ofstream(file, std::ios::binary) << "Kaydara";
  const test::ProcessResult run = run_animview("info " + quoted(file), dir_);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(file.string()), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("OBJ"), std::string::npos) << run.err;
}

TEST_F(HostileFiles, NonFiniteNumbersOnTheCommandLineAreRefused) {
  for (const std::string args :
       {"pose x.glb --time nan", "pose x.glb --time inf", "render --time -inf --out x.png",
        "render --ground slope --slope nan --out x.png", "--param speed=nan --headless"}) {
    const test::ProcessResult run = run_animview(args, dir_);
    EXPECT_EQ(run.exit_code, 2) << args << ": " << run.err;
  }
}

// Project files: every problem is a message naming the file, from `animview info P.json`.
class HostileProjects : public HostileFiles {
 protected:
  test::ProcessResult info(const std::string& text) {
    const auto path = dir_ / "project.json";
    std::ofstream(path) << text;
    return run_animview("info " + quoted(path), dir_);
  }
};

TEST_F(HostileProjects, ANumberOutOfRangeIsAnErrorNotAnUncaughtException) {
  const test::ProcessResult run = info(R"({"version": 1e309})");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("project.json: not valid JSON: number overflow"), std::string::npos)
      << run.err;
}

TEST_F(HostileProjects, DeepNestingIsRefusedWithAMessage) {
  std::string deep = R"({"version": 1, "character": "<demo>", "view": )";
  for (int i = 0; i < 100000; ++i) deep += "[";
  const test::ProcessResult run = info(deep);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("nests more than 64 levels"), std::string::npos) << run.err;
}

TEST_F(HostileProjects, AnUnknownClipNameIsNamed) {
  const test::ProcessResult run = info(R"({"version": 1, "character": "<demo>", "clips": ["nope"],
      "state_machine": {"states": [{"name": "a", "clip": "nope"}]}})");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("project.json"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("nope"), std::string::npos) << run.err;
}

TEST_F(HostileProjects, TheDemoProjectOpensAndBinds) {
  const auto demo = dir_ / "demo.json";
  ASSERT_EQ(project::save_project(project::make_demo_project(), demo.string()), "");
  const test::ProcessResult run = run_animview("info --json " + quoted(demo), dir_);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["states"], project::make_demo_project().state_machine.states.size());
  EXPECT_EQ(j["character"]["file"], demo::kDemoSourcePath);
}

}  // namespace
