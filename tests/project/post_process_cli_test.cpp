// The project's post-process stack through the real animview executable: `pose --json` on the
// built-in character's project with a look-at target to its left turns the head's forward (its
// model +Z, the character's forward at rest) onto the target; --post-process off leaves it
// where the clips put it.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"

namespace {

const glm::vec3 kTarget(2.0f, 1.7f, 1.0f);

// The angle (degrees) between the head's forward and the direction from the head to kTarget.
double head_angle_to_target(const nlohmann::json& pose) {
  for (const nlohmann::json& joint : pose["joints"]) {
    if (joint["name"] != "head") continue;
    const std::vector<float> m = joint["matrix"].get<std::vector<float>>();
    const glm::vec3 forward = glm::normalize(glm::vec3(m[8], m[9], m[10]));
    const glm::vec3 to = glm::normalize(kTarget - glm::vec3(m[12], m[13], m[14]));
    return std::acos(std::clamp(glm::dot(forward, to), -1.0f, 1.0f)) * 180.0 / 3.14159265358979;
  }
  ADD_FAILURE() << "no head in the pose";
  return -1.0;
}

class PostProcessCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(ANIMVIEW_EXE)) {
      GTEST_SKIP() << ANIMVIEW_EXE << " is not built (build the animview target first)";
    }
  }
};

TEST_F(PostProcessCli, PoseTurnsTheHeadOntoTheProjectsLookAtTarget) {
  const auto dir = test::make_temp_dir();
  project::Project project = project::make_demo_project();
  project::ProjectPostProcess look;
  look.kind = anim::PostProcessKind::LookAt;
  look.target = kTarget;
  look.limit_deg = 80.0f;
  project.post_process = {look};
  const std::string path = (dir / "look.json").string();
  ASSERT_EQ(project::save_project(project, path), "");
  const auto pose = [&](const std::string& extra) {
    const test::ProcessResult run =
        test::run_animview("pose '" + path + "' --time 0.5 --json" + extra, dir);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return run.exit_code == 0 ? nlohmann::json::parse(run.out) : nlohmann::json();
  };
  const double on = head_angle_to_target(pose(""));
  const double off = head_angle_to_target(pose(" --post-process off"));
  EXPECT_LT(on, 0.5);    // reachable (about 60 degrees to the left, the limit 80): on target
  EXPECT_GT(off, 30.0);  // the clips alone look ahead
  std::filesystem::remove_all(dir);
}

TEST_F(PostProcessCli, AProjectNamingAMissingJointIsRefusedWithTheEntry) {
  const auto dir = test::make_temp_dir();
  project::Project project = project::make_demo_project();
  project::ProjectPostProcess spring;
  spring.kind = anim::PostProcessKind::Spring;
  spring.joints = {"tail_0", "tail_1"};
  project.post_process = {spring};
  const std::string path = (dir / "bad.json").string();
  ASSERT_EQ(project::save_project(project, path), "");
  const test::ProcessResult run = test::run_animview("pose '" + path + "' --json", dir);
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("post_process[0].joints: no joint 'tail_0'"), std::string::npos)
      << run.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
