// ViewerScene::apply_settings: the scene's settings reach the playing instance when whoever
// changed them hands them over, not at every update (issue 38); a load hands over the user's
// root motion and the character's root joint.
#include <gtest/gtest.h>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"

namespace app {
namespace {

TEST(ViewerSceneSettings, AnEditReachesTheInstanceWhenAppliedNotAtUpdate) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  EXPECT_EQ(scene.instance.settings(), scene.settings) << "the load hands them over";
  EXPECT_EQ(scene.instance.settings().root_motion.root_joint,
            scene.bound.character->root_motion_joint);

  const bool foot_ik = scene.settings.foot_ik;
  scene.settings.foot_ik = !foot_ik;
  ASSERT_EQ(scene.update(1.0f / 60.0f, visual::SceneView{}), "");
  EXPECT_EQ(scene.instance.settings().foot_ik, foot_ik) << "update does not hand them over";
  ASSERT_EQ(scene.apply_settings(), "");
  EXPECT_EQ(scene.instance.settings().foot_ik, !foot_ik);
}

TEST(ViewerSceneSettings, AModesRootMotionOverrideIsPlayedAtOnceAndGivenBack) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ViewerScene scene;
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  ASSERT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);
  scene.override_root_motion(anim::RootMotionMode::Applied);
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::Applied);
  scene.end_root_motion_override();
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);
}

}  // namespace
}  // namespace app
