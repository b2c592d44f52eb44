// Binding a project to a character: names resolve to indices, and what is missing is named.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "anim/character_instance.h"
#include "demo/demo_character.h"
#include "import/rig_finder.h"
#include "project/clip_marker_edits.h"
#include "project/demo_project.h"
#include "project/project_binding.h"
#include "support/import_test_util.h"

namespace {
const importer::Character& demo_character() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}
}  // namespace

TEST(ProjectBinding, DemoProjectBindsAndItsGraphPlays) {
  const project::Project project = project::make_demo_project();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  const std::vector<anim::Clip>& clips = bound.character->clips;
  ASSERT_EQ(clips.size(), project.clips.size());
  for (std::size_t i = 0; i < project.clips.size(); ++i) EXPECT_EQ(clips[i].name, project.clips[i]);
  ASSERT_FALSE(bound.graph->blend_spaces.empty());
  // Every sample of the locomotion space plays the clip the project names at that index.
  const project::ProjectBlendSpace& space = project.blend_spaces[0];
  const anim::BlendSpaceBinding& binding = bound.graph->blend_spaces[0];
  ASSERT_EQ(binding.clips.size(), space.space_2d.samples.size());
  for (std::size_t i = 0; i < binding.clips.size(); ++i) {
    EXPECT_EQ(clips[binding.clips[i]].name, space.space_2d.samples[i].clip_name);
  }
  EXPECT_EQ(binding.x_parameter, project.parameters.find(space.x_parameter));
  EXPECT_TRUE(bound.graph->has_machine);

  anim::Parameters parameters = project.parameters;
  anim::CharacterInstance player;
  ASSERT_EQ(player.bind(*bound.character, *bound.graph), "");
  // Ask for walking forward at 1.4 m/s and apply root motion: after 2 s the character has
  // moved about 2.8 m forward (+z), within the blend's smoothing.
  parameters.set(binding.y_parameter, 1.4f);
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = importer::find_root_motion_joint(demo_character().skeleton);
  anim::Terrain flat;
  EXPECT_EQ(player.set_settings(settings), "");
  for (int i = 0; i < 120; ++i) ASSERT_TRUE(player.update(1.0f / 60.0f, parameters, flat));
  EXPECT_NEAR(player.world().translation.z, 2.8f, 0.15f);
  EXPECT_NEAR(player.world().translation.x, 0.0f, 0.05f);
}

TEST(ProjectBinding, NamesTheMissingClip) {
  project::Project project = project::make_demo_project();
  project.clips.push_back("moonwalk");
  project::BoundProject bound;
  const std::string error = project::bind_project(project, demo_character(), {}, bound);
  EXPECT_NE(error.find("moonwalk"), std::string::npos) << error;
  EXPECT_EQ(bound.character, nullptr) << "nothing partial";
}

TEST(ProjectBinding, NamesTheUnknownBlendSpaceParameter) {
  project::Project project = project::make_demo_project();
  ASSERT_FALSE(project.blend_spaces.empty());
  project.blend_spaces[0].x_parameter = "no_such_parameter";
  project::BoundProject bound;
  const std::string error = project::bind_project(project, demo_character(), {}, bound);
  EXPECT_NE(error.find("no_such_parameter"), std::string::npos) << error;
}

// Rebinding one clip (its markers edited) binds that clip from the character again and carries
// every other clip's data over: clip 1 of the character is changed after the first binding, and
// only a binding of clip 1 would pick the change up.
TEST(ProjectBinding, RebindingOneClipLeavesTheOthersAsBound) {
  project::Project project = project::make_demo_project();
  importer::Character character = demo_character();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, character, {}, bound), "");
  ASSERT_GE(project.clips.size(), 2u);
  character.clips[1].markers = {{"changed_later", 0.1f}};
  const anim::Clip& clip_0 = bound.character->clips[0];
  int index = -1;
  ASSERT_EQ(project::add_clip_marker(project, clip_0, "hit", 0.25f, index), "");

  project::BoundProject rebound;
  const int clips[] = {0};
  ASSERT_EQ(project::rebind_project_clips(project, character, bound, clips, rebound), "");
  const anim::BoundCharacter& after = *rebound.character;
  ASSERT_EQ(after.clips.size(), bound.character->clips.size());
  ASSERT_EQ(after.clips[0].markers.size(), clip_0.markers.size() + 1);
  EXPECT_EQ(after.clips[0].markers[static_cast<std::size_t>(index)].name, "hit");
  EXPECT_EQ(after.clips[0].markers[static_cast<std::size_t>(index)].time_s, 0.25f);
  ASSERT_EQ(after.clips[1].markers.size(), bound.character->clips[1].markers.size());
  for (std::size_t m = 0; m < after.clips[1].markers.size(); ++m) {
    EXPECT_EQ(after.clips[1].markers[m].name, bound.character->clips[1].markers[m].name);
  }
  // The whole project bound again does pick it up: what the single-clip path avoids.
  project::BoundProject all;
  ASSERT_EQ(project::bind_project(project, character, {}, all), "");
  ASSERT_EQ(all.character->clips[1].markers.size(), 1u);
  EXPECT_EQ(all.character->clips[1].markers[0].name, "changed_later");

  const int outside[] = {static_cast<int>(project.clips.size())};
  EXPECT_NE(project::rebind_project_clips(project, character, bound, outside, rebound), "");
}

TEST(ProjectBinding, PreviewProjectListsEveryClipAndHasNoMachine) {
  const project::Project project = project::preview_project(demo_character(), "somewhere.glb");
  EXPECT_EQ(project.clips.size(), demo_character().clips.size());
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  EXPECT_FALSE(bound.graph->has_machine);
}

TEST(RigFinder, FindsTheDemoLegsAndHips) {
  std::string why;
  const anim::FootIkRig rig = importer::find_biped_legs(demo_character().skeleton, &why);
  ASSERT_EQ(rig.legs.size(), 2u) << why;
  EXPECT_EQ(demo_character().skeleton.joint_names[rig.legs[0].thigh], "thigh_l");
  EXPECT_EQ(demo_character().skeleton.joint_names[rig.legs[1].foot], "foot_r");
  EXPECT_EQ(demo_character()
                .skeleton.joint_names[importer::find_root_motion_joint(demo_character().skeleton)],
            "hips");
}

TEST(RigFinder, RootMotionJointSkipsSidedHipsAndArmatures) {
  anim::Skeleton s;
  s.joint_names = {"Armature", "LeftHip", "mixamorig:Hips"};
  s.parents = {anim::kNoParent, 0, 0};
  s.rest_pose.resize(3);
  s.inverse_bind.resize(3, glm::mat4(1.0f));
  EXPECT_EQ(importer::find_root_motion_joint(s), 2);
  s.joint_names = {"Armature", "root", "spine"};
  s.parents = {anim::kNoParent, 0, 1};
  EXPECT_EQ(importer::find_root_motion_joint(s), 1);  // the joint below the armature node
}

TEST(RigFinder, RootMotionJointGivesWayToTheJointThatCarriesTheFeet) {
  // RobotExpressive's shape: "Hips" turns the abdomen only; "Body" carries it and the legs, and
  // the foot hangs from "Bone", the root joint.
  anim::Skeleton s;
  s.joint_names = {"RootNode", "Bone", "Body", "Hips", "UpperLegL", "LowerLegL", "FootL"};
  s.parents = {anim::kNoParent, 0, 1, 2, 2, 4, 1};
  s.rest_pose.resize(7);
  s.inverse_bind.resize(7, glm::mat4(1.0f));
  anim::FootIkRig legs;
  legs.pelvis = 2;
  anim::Leg leg;
  leg.thigh = 4;
  leg.calf = 5;
  leg.foot = 6;
  legs.legs = {leg};
  EXPECT_EQ(importer::find_root_motion_joint(s), 3);        // by name alone
  EXPECT_EQ(importer::find_root_motion_joint(s, legs), 1);  // the feet's carrier
  s.parents[6] = 5;                                         // the foot under the shin
  EXPECT_EQ(importer::find_root_motion_joint(s, legs), 2);  // the pelvis
  s.joint_names[1] = "Hips";                                // a named joint above them stays
  s.joint_names[3] = "Abdomen";
  EXPECT_EQ(importer::find_root_motion_joint(s, legs), 1);
  s.parents[6] = 1;
  EXPECT_EQ(importer::find_root_motion_joint(s, legs), 1);
}

TEST(RigFinder, RobotExpressivesGroundMotionIsCarriedByTheJointAboveItsFeet) {
  const std::filesystem::path path = test::shared_asset("quaternius/RobotExpressive.glb");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (../shared/assets)";
  const importer::Character robot = test::import_ok(path);
  std::string why;
  const anim::FootIkRig legs = importer::find_legs(robot, &why);
  ASSERT_EQ(legs.legs.size(), 2u) << why;
  const int root = importer::find_root_motion_joint(robot.skeleton, legs);
  EXPECT_EQ(robot.skeleton.joint_names[static_cast<std::size_t>(root)], "Bone");
  // Every thigh and foot hangs below it, so removing its travel keeps the whole body in place.
  for (const anim::Leg& leg : legs.legs) {
    for (int j : {leg.thigh, leg.foot}) {
      int k = j;
      while (k >= 0 && k != root) k = robot.skeleton.parents[static_cast<std::size_t>(k)];
      EXPECT_EQ(k, root) << robot.skeleton.joint_names[static_cast<std::size_t>(j)];
    }
  }
}

TEST(ProjectBinding, DemoMachineTurnsOnTheTurnParameterAndRecordsTheTransition) {
  const project::Project project = project::make_demo_project();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  anim::Parameters parameters = project.parameters;
  anim::CharacterInstance player;
  ASSERT_EQ(player.bind(*bound.character, *bound.graph), "");
  anim::CharacterSettings settings;
  anim::Terrain flat;
  parameters.set(parameters.find("turn"), 1.0f);
  EXPECT_EQ(player.set_settings(settings), "");
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(player.update(1.0f / 30.0f, parameters, flat));
  const anim::StateMachinePlayer& machine = player.machine();
  EXPECT_EQ(bound.graph->machine.states[machine.active_state()].name, "turn_left");
  ASSERT_EQ(machine.history_count(), 1);
  EXPECT_EQ(bound.graph->machine.states[machine.history(0).to_state].name, "turn_left");
}

// A graph edit (a blend-space sample moved, a transition added) builds a new graph binding; the
// instance switches to it and keeps its place in the world, its cycle and its active state.
TEST(ProjectBinding, GraphEditsKeepThePositionTimeAndActiveState) {
  project::Project project = project::make_demo_project();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  anim::Parameters parameters = project.parameters;
  anim::CharacterInstance player;
  ASSERT_EQ(player.bind(*bound.character, *bound.graph), "");
  anim::CharacterSettings settings;
  settings.root_motion_mode = anim::RootMotionMode::Applied;
  settings.root_motion.root_joint = bound.character->root_motion_joint;
  anim::Terrain flat;
  const int forward = bound.graph->blend_spaces[0].y_parameter;
  parameters.set(forward, 1.4f);
  EXPECT_EQ(player.set_settings(settings), "");
  for (int i = 0; i < 90; ++i) ASSERT_TRUE(player.update(1.0f / 60.0f, parameters, flat));
  const glm::vec3 position = player.world().translation;
  ASSERT_GT(position.z, 1.0f) << "walked forward";
  const int state = player.machine().active_state();
  const float state_time = player.machine().active_normalized_time();
  const double phase = player.blend_space_players()[0].phase();

  // Move a sample a little and add a transition from the active state, as the editors do.
  project.blend_spaces[0].space_2d.samples.back().position += glm::vec2(0.05f, 0.0f);
  anim::Transition extra;
  extra.source = state;
  extra.target = state == 0 ? 1 : 0;
  extra.conditions = {{parameters.find("turn"), anim::ConditionOp::Greater, 5.0f}};
  project.state_machine.transitions.push_back(extra);
  project.parameters = parameters;
  auto edited = std::make_shared<anim::GraphBinding>();
  ASSERT_EQ(project::bind_project_graph(project, *bound.character, *edited, bound.graph.get()), "");
  ASSERT_EQ(player.set_graph(*edited), "");
  bound.graph = edited;

  EXPECT_EQ(player.world().translation, position);
  EXPECT_EQ(player.machine().active_state(), state);
  EXPECT_FLOAT_EQ(player.machine().active_normalized_time(), state_time);
  EXPECT_NEAR(player.blend_space_players()[0].phase(), phase, 1e-9);
  // And it goes on from there: one more frame moves it about 1.4 m/s * 1/60 s further.
  ASSERT_TRUE(player.update(1.0f / 60.0f, parameters, flat));
  EXPECT_NEAR(glm::distance(player.world().translation, position), 1.4f / 60.0f, 0.01f);
}

// A layout the blend mode cannot weight (two samples in one direction for Simple Directional)
// is refused by the binding with the reason, so the player keeps its last good graph.
TEST(ProjectBinding, RefusesALayoutItsModeCannotWeight) {
  project::Project project = project::make_demo_project();
  project::BoundProject bound;
  ASSERT_EQ(project::bind_project(project, demo_character(), {}, bound), "");
  project.blend_spaces[0].space_2d.mode = anim::BlendMode2D::SimpleDirectional;
  anim::GraphBinding edited;
  const std::string error = project::bind_project_graph(project, *bound.character, edited);
  EXPECT_NE(error.find("same direction"), std::string::npos) << error;
}
