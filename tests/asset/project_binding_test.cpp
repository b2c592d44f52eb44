// Binding a project to a character: names resolve to indices, and what is missing is named.
#include <gtest/gtest.h>

#include "asset/demo_character.h"
#include "asset/demo_project.h"
#include "asset/project_binding.h"
#include "asset/rig_finder.h"

namespace {
const asset::Character& demo() {
  static const asset::Character character = asset::make_demo_character();
  return character;
}
}  // namespace

TEST(ProjectBinding, DemoProjectBindsAndItsGraphPlays) {
  const asset::Project project = asset::make_demo_project();
  asset::BoundProject bound;
  ASSERT_EQ(asset::bind_project(project, demo(), bound), "");
  ASSERT_EQ(bound.clips.size(), project.clips.size());
  for (std::size_t i = 0; i < project.clips.size(); ++i)
    EXPECT_EQ(bound.clips[i].name, project.clips[i]);
  ASSERT_FALSE(bound.blend_spaces.empty());
  // Every sample of the locomotion space plays the clip the project names at that index.
  const asset::ProjectBlendSpace& space = project.blend_spaces[0];
  const anim::BlendSpaceBinding& binding = bound.blend_spaces[0];
  ASSERT_EQ(binding.clips.size(), space.space_2d.samples.size());
  for (std::size_t i = 0; i < binding.clips.size(); ++i) {
    EXPECT_EQ(bound.clips[binding.clips[i]].name, space.space_2d.samples[i].clip_name);
  }
  EXPECT_EQ(binding.x_parameter, project.parameters.find(space.x_parameter));
  EXPECT_TRUE(bound.has_machine);

  anim::Parameters parameters = project.parameters;
  anim::CharacterPlayer player;
  ASSERT_EQ(player.init(bound.graph(demo().skeleton), parameters), "");
  // Ask for walking forward at 1.4 m/s and apply root motion: after 2 s the character has
  // moved about 2.8 m forward (+z), within the blend's smoothing.
  parameters.set(binding.y_parameter, 1.4f);
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = asset::find_root_motion_joint(demo().skeleton);
  anim::Terrain flat;
  for (int i = 0; i < 120; ++i) player.update(1.0f / 60.0f, parameters, settings, flat);
  EXPECT_NEAR(player.world().translation.z, 2.8f, 0.15f);
  EXPECT_NEAR(player.world().translation.x, 0.0f, 0.05f);
}

TEST(ProjectBinding, NamesTheMissingClip) {
  asset::Project project = asset::make_demo_project();
  project.clips.push_back("moonwalk");
  asset::BoundProject bound;
  const std::string error = asset::bind_project(project, demo(), bound);
  EXPECT_NE(error.find("moonwalk"), std::string::npos) << error;
  EXPECT_TRUE(bound.clips.empty()) << "nothing partial";
}

TEST(ProjectBinding, NamesTheUnknownBlendSpaceParameter) {
  asset::Project project = asset::make_demo_project();
  ASSERT_FALSE(project.blend_spaces.empty());
  project.blend_spaces[0].x_parameter = "no_such_parameter";
  asset::BoundProject bound;
  const std::string error = asset::bind_project(project, demo(), bound);
  EXPECT_NE(error.find("no_such_parameter"), std::string::npos) << error;
}

TEST(ProjectBinding, PreviewProjectListsEveryClipAndHasNoMachine) {
  const asset::Project project = asset::preview_project(demo(), "somewhere.glb");
  EXPECT_EQ(project.clips.size(), demo().clips.size());
  asset::BoundProject bound;
  ASSERT_EQ(asset::bind_project(project, demo(), bound), "");
  EXPECT_FALSE(bound.has_machine);
}

TEST(RigFinder, FindsTheDemoLegsAndHips) {
  std::string why;
  const anim::FootIkRig rig = asset::find_biped_legs(demo().skeleton, &why);
  ASSERT_EQ(rig.legs.size(), 2u) << why;
  EXPECT_EQ(demo().skeleton.joint_names[rig.legs[0].thigh], "thigh_l");
  EXPECT_EQ(demo().skeleton.joint_names[rig.legs[1].foot], "foot_r");
  EXPECT_EQ(demo().skeleton.joint_names[asset::find_root_motion_joint(demo().skeleton)], "hips");
}

TEST(RigFinder, RootMotionJointSkipsSidedHipsAndArmatures) {
  anim::Skeleton s;
  s.joint_names = {"Armature", "LeftHip", "mixamorig:Hips"};
  s.parents = {anim::kNoParent, 0, 0};
  s.rest_pose.resize(3);
  s.inverse_bind.resize(3, glm::mat4(1.0f));
  EXPECT_EQ(asset::find_root_motion_joint(s), 2);
  s.joint_names = {"Armature", "root", "spine"};
  s.parents = {anim::kNoParent, 0, 1};
  EXPECT_EQ(asset::find_root_motion_joint(s), 1);  // the joint below the armature node
}

TEST(ProjectBinding, DemoMachineTurnsOnTheTurnParameterAndRecordsTheTransition) {
  const asset::Project project = asset::make_demo_project();
  asset::BoundProject bound;
  ASSERT_EQ(asset::bind_project(project, demo(), bound), "");
  anim::Parameters parameters = project.parameters;
  anim::CharacterPlayer player;
  ASSERT_EQ(player.init(bound.graph(demo().skeleton), parameters), "");
  anim::CharacterSettings settings;
  anim::Terrain flat;
  parameters.set(parameters.find("turn"), 1.0f);
  for (int i = 0; i < 30; ++i) player.update(1.0f / 30.0f, parameters, settings, flat);
  const anim::StateMachinePlayer& machine = player.machine();
  EXPECT_EQ(bound.machine.states[machine.active_state()].name, "turn_left");
  ASSERT_EQ(machine.history_count(), 1);
  EXPECT_EQ(bound.machine.states[machine.history(0).to_state].name, "turn_left");
}
