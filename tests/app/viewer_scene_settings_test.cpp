// ViewerScene::apply_settings: the scene's settings reach the playing instance (and the onion
// skin's and the crowd's) when whoever changed them hands them over, not at every update (issue
// 38); a load hands over the user's root motion and the character's root joint.
#include <gtest/gtest.h>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"

namespace app {
namespace {

// The built-in demo opened as the viewer opens it.
class ViewerSceneSettings : public ::testing::Test {
 protected:
  void SetUp() override {
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    project = demo.project;
    ASSERT_EQ(scene.open(std::move(demo.character), project), "");
  }

  // Previews the first clip; a view with the onion skin on.
  visual::SceneView preview_with_onion_skin() {
    scene.mode = PlayMode::ClipPreview;
    scene.preview(0);
    visual::SceneView view;
    view.onion_skin = true;
    return view;
  }

  project::Project project;
  ViewerScene scene;
};

TEST_F(ViewerSceneSettings, AnEditReachesTheInstanceWhenAppliedNotAtUpdate) {
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

TEST_F(ViewerSceneSettings, AModesRootMotionOverrideIsPlayedAtOnceAndGivenBack) {
  ASSERT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);
  scene.override_root_motion(anim::RootMotionMode::Applied);
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::Applied);
  scene.end_root_motion_override();
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);
}

// The onion skin's and the crowd's instances take an edit as the character's does: when it is
// applied, each their way (in place; the onion skin without foot IK).
TEST_F(ViewerSceneSettings, TheOnionSkinAndTheCrowdTakeAnEditWhenApplied) {
  visual::SceneView view = preview_with_onion_skin();
  view.crowd = 3;
  ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  ASSERT_EQ(scene.crowd.count(), 3);
  ASSERT_FALSE(scene.onion_poses.empty());
  ASSERT_TRUE(scene.onion_instance().settings().post_process) << "set up with the scene's";
  ASSERT_TRUE(scene.crowd.instances()[0].settings().post_process);

  scene.settings.post_process = false;
  scene.settings.foot_ik = true;
  scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
  ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  EXPECT_TRUE(scene.onion_instance().settings().post_process) << "update does not hand them over";
  EXPECT_TRUE(scene.crowd.instances()[2].settings().post_process);

  ASSERT_EQ(scene.apply_settings(), "");
  const anim::CharacterSettings& onion = scene.onion_instance().settings();
  EXPECT_FALSE(onion.post_process);
  EXPECT_FALSE(onion.foot_ik) << "ghosts stand where the clip puts them";
  EXPECT_EQ(onion.root_motion_mode, anim::RootMotionMode::InPlace);
  for (const anim::CharacterInstance& copy : scene.crowd.instances()) {
    EXPECT_FALSE(copy.settings().post_process);
    EXPECT_TRUE(copy.settings().foot_ik);
    EXPECT_EQ(copy.settings().root_motion_mode, anim::RootMotionMode::InPlace)
        << "each copy treads at its spot";
  }
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::Applied);
}

// A root motion joint outside the skeleton: the blend-space players cannot be rebuilt with it,
// so the character refuses it. The message names the setting and the cause; the previous joint
// stays, in the instance, the onion skin and the scene's settings the panels show.
TEST_F(ViewerSceneSettings, ARefusedSettingIsNamedAndThePreviousOneKept) {
  ASSERT_FALSE(scene.graph().blend_spaces.empty()) << "a blend space to rebuild";
  const visual::SceneView view = preview_with_onion_skin();
  ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  const int joint = scene.settings.root_motion.root_joint;
  ASSERT_EQ(scene.onion_instance().settings().root_motion.root_joint, joint);

  scene.settings.root_motion.root_joint = 1000;
  const std::string e = scene.apply_settings();
  EXPECT_EQ(
      e.rfind(scene.character.source_path + ": root motion joint refused, kept as it was: ", 0), 0u)
      << e;
  EXPECT_NE(e.find("the root motion joint is not a joint of the skeleton"), std::string::npos) << e;
  EXPECT_EQ(scene.settings.root_motion.root_joint, joint) << "the panels show what plays";
  EXPECT_EQ(scene.instance.settings().root_motion.root_joint, joint);
  EXPECT_EQ(scene.onion_instance().settings().root_motion.root_joint, joint);
  EXPECT_EQ(scene.update(1.0f / 60.0f, view), "");
  EXPECT_FALSE(scene.onion_poses.empty());
}

// An onion skin set up after an edit nobody applied plays what the character plays, as
// apply_settings would have handed it: no refusal of a setting the character never took.
TEST_F(ViewerSceneSettings, AnOnionSkinSetUpPlaysWhatTheCharacterPlays) {
  const visual::SceneView view = preview_with_onion_skin();
  const int joint = scene.settings.root_motion.root_joint;
  scene.settings.root_motion.root_joint = 1000;  // edited, not applied
  EXPECT_EQ(scene.update(1.0f / 60.0f, view), "");
  EXPECT_FALSE(scene.onion_poses.empty());
  EXPECT_EQ(scene.onion_instance().settings().root_motion.root_joint, joint);
}

// A graph bound again (a state machine or blend space edit) frees the one the onion skin
// played: the onion skin is set up again over the new one, not left pointing at the old.
TEST_F(ViewerSceneSettings, AnOnionSkinIsSetUpAgainOverAGraphBoundAgain) {
  const visual::SceneView view = preview_with_onion_skin();
  ASSERT_EQ(scene.update(1.0f / 60.0f, view), "");
  ASSERT_NE(scene.onion_instance().character(), nullptr);

  ASSERT_EQ(scene.rebind_graph(project), "");
  EXPECT_EQ(scene.onion_instance().character(), nullptr) << "unbound with the old graph";
  EXPECT_EQ(scene.update(1.0f / 60.0f, view), "");
  EXPECT_EQ(scene.onion_instance().character(), scene.bound.character.get());
  EXPECT_FALSE(scene.onion_poses.empty());
}

}  // namespace
}  // namespace app
