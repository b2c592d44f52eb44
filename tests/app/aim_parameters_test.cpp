// The aim offset's inputs: a look-at entry naming two parameters sets them every frame to its
// target's yaw and pitch seen from the head at rest (the built-in character faces +Z, its left
// is +X); a name the project does not have is refused when the project opens.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "import/skeleton_builder.h"

namespace app {
namespace {

TEST(AimParameters, ALookAtSetsItsYawAndPitchParametersEachFrame) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  const anim::Skeleton& skeleton = demo.character.skeleton;
  const int head = skeleton.find_joint("head");
  ASSERT_GE(head, 0);
  const glm::vec3 eye(importer::rest_model(skeleton)[static_cast<std::size_t>(head)][3]);
  project::ProjectPostProcess look;
  look.kind = anim::PostProcessKind::LookAt;
  // 1 m ahead, 1 m to the left and 1 m up from the head: yaw 45, pitch atan(1 / sqrt 2).
  look.target = eye + glm::vec3(1.0f, 1.0f, 1.0f);
  look.aim_yaw_parameter = "aim_yaw";
  look.aim_pitch_parameter = "aim_pitch";
  demo.project.post_process = {look};
  demo.project.parameters.add("aim_yaw", anim::ParameterType::Float);
  demo.project.parameters.add("aim_pitch", anim::ParameterType::Float);
  project::Project missing = demo.project;
  missing.post_process[0].aim_pitch_parameter = "nope";

  ViewerScene scene;
  ASSERT_EQ(scene.open(demo.character, std::move(demo.project)), "");
  ASSERT_EQ(scene.update(1.0f / 60.0f, visual::SceneView{}), "");
  EXPECT_NEAR(scene.parameters.get(scene.parameters.find("aim_yaw")), 45.0f, 0.05f);
  EXPECT_NEAR(scene.parameters.get(scene.parameters.find("aim_pitch")),
              std::atan2(1.0f, std::sqrt(2.0f)) * 180.0f / 3.14159265f, 0.05f);

  ViewerScene refused;
  const std::string why = refused.open(std::move(demo.character), std::move(missing));
  EXPECT_NE(why.find("post_process[0].aim_pitch_parameter: no parameter 'nope'"), std::string::npos)
      << why;
}

}  // namespace
}  // namespace app
