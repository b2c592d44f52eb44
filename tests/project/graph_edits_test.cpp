#include "project/graph_edits.h"

#include <gtest/gtest.h>

#include <array>

namespace project {
namespace {

Project three_clip_project() {
  Project p;
  p.clips = {"idle", "walk", "run"};
  return p;
}

anim::State blend_state(const std::string& name, int space) {
  anim::State s;
  s.name = name;
  s.kind = anim::StateKind::BlendSpace;
  s.index = space;
  return s;
}

TEST(GraphEdits, ANewSpaceGetsAUniqueNameAndTheParametersThatDriveIt) {
  Project p = three_clip_project();
  int a = -1, b = -1, c = -1;
  ASSERT_EQ(add_blend_space(p, 2, "locomotion", a), "");
  ASSERT_EQ(add_blend_space(p, 2, "locomotion", b), "");
  ASSERT_EQ(add_blend_space(p, 1, "speed", c), "");
  EXPECT_EQ(a, 0);
  EXPECT_EQ(c, 2);
  EXPECT_EQ(p.blend_spaces[0].name, "locomotion");
  EXPECT_EQ(p.blend_spaces[1].name, "locomotion 2");
  EXPECT_EQ(p.blend_spaces[2].dimensions, 1);
  // velocity_x, velocity_z once each, then speed.
  ASSERT_EQ(p.parameters.count(), 3);
  EXPECT_EQ(p.parameters.at(0).name, "velocity_x");
  EXPECT_EQ(p.parameters.at(1).name, "velocity_z");
  EXPECT_EQ(p.parameters.at(2).name, "speed");
  EXPECT_EQ(p.blend_spaces[0].x_parameter, "velocity_x");
  EXPECT_EQ(p.blend_spaces[2].space_1d.parameter_name, "speed");
  int bad = -1;
  EXPECT_NE(add_blend_space(p, 3, "cube", bad), "");
  EXPECT_EQ(p.blend_spaces.size(), 3u);
}

TEST(GraphEdits, ASpaceFromChosenClipsHoldsThemWhereTheyMove) {
  Project p = three_clip_project();
  const std::array<int, 2> clips{1, 2};
  const std::array<glm::vec2, 2> positions{glm::vec2(0.0f, 1.5f), glm::vec2(3.0f, 4.0f)};
  int index = -1;
  ASSERT_EQ(add_blend_space_from_clips(p, 2, "moves", clips, positions, index), "");
  const ProjectBlendSpace& s = p.blend_spaces[index];
  ASSERT_EQ(s.space_2d.samples.size(), 2u);
  EXPECT_EQ(s.space_2d.samples[0].clip_name, "walk");
  EXPECT_EQ(s.space_2d.samples[1].position, glm::vec2(3.0f, 4.0f));
  // 1D thresholds are the speeds: 1.5 and 5.
  EXPECT_EQ(s.space_1d.samples[1].threshold, 5.0f);
  // x spans [0, 3] plus 0.3 margin, made symmetric: [-3.3, 3.3]; z spans [0, 4] + 0.4.
  EXPECT_NEAR(s.space_2d.x_axis.min, -3.3f, 1e-5f);
  EXPECT_NEAR(s.space_2d.x_axis.max, 3.3f, 1e-5f);
  EXPECT_NEAR(s.space_2d.y_axis.min, -0.4f, 1e-5f);
  EXPECT_NEAR(s.space_2d.y_axis.max, 4.4f, 1e-5f);
  const std::array<int, 1> missing{7};
  const std::array<glm::vec2, 1> one{glm::vec2(0.0f)};
  EXPECT_NE(add_blend_space_from_clips(p, 2, "x", missing, one, index), "");
  EXPECT_NE(add_blend_space_from_clips(p, 2, "x", clips, one, index), "");
  EXPECT_EQ(p.blend_spaces.size(), 1u);
}

TEST(GraphEdits, RenameRefusesEmptyAndTakenNames) {
  Project p = three_clip_project();
  int a = -1, b = -1;
  ASSERT_EQ(add_blend_space(p, 2, "a", a), "");
  ASSERT_EQ(add_blend_space(p, 2, "b", b), "");
  EXPECT_NE(rename_blend_space(p, a, "b"), "");
  EXPECT_NE(rename_blend_space(p, a, ""), "");
  EXPECT_NE(rename_blend_space(p, 5, "c"), "");
  EXPECT_EQ(rename_blend_space(p, a, "a"), "");
  EXPECT_EQ(rename_blend_space(p, a, "strafe"), "");
  EXPECT_EQ(p.blend_spaces[0].name, "strafe");
}

TEST(GraphEdits, DuplicateCopiesTheSamples) {
  Project p = three_clip_project();
  int a = -1, copy = -1;
  ASSERT_EQ(add_blend_space(p, 2, "loco", a), "");
  p.blend_spaces[a].space_2d.samples.push_back({"walk", glm::vec2(0.0f, 1.0f)});
  ASSERT_EQ(duplicate_blend_space(p, a, copy), "");
  EXPECT_EQ(copy, 1);
  EXPECT_EQ(p.blend_spaces[copy].name, "loco copy");
  ASSERT_EQ(p.blend_spaces[copy].space_2d.samples.size(), 1u);
  EXPECT_EQ(p.blend_spaces[copy].space_2d.samples[0].clip_name, "walk");
  ASSERT_EQ(duplicate_blend_space(p, a, copy), "");
  EXPECT_EQ(p.blend_spaces[copy].name, "loco copy 2");
}

TEST(GraphEdits, DeleteRefusesASpaceAStatePlaysAndRenumbersTheOthers) {
  Project p = three_clip_project();
  int index = -1;
  for (const char* name : {"a", "b", "c"}) ASSERT_EQ(add_blend_space(p, 2, name, index), "");
  p.state_machine.states = {blend_state("plays b", 1)};
  anim::StateMachine sub;
  sub.states = {blend_state("plays c", 2)};
  p.state_machine.sub_machines = {sub};
  const std::string refused = delete_blend_space(p, 1);
  EXPECT_NE(refused.find("plays b"), std::string::npos) << refused;
  EXPECT_EQ(p.blend_spaces.size(), 3u);
  ASSERT_EQ(delete_blend_space(p, 0), "");
  ASSERT_EQ(p.blend_spaces.size(), 2u);
  EXPECT_EQ(p.blend_spaces[0].name, "b");
  EXPECT_EQ(p.state_machine.states[0].index, 0);
  EXPECT_EQ(p.state_machine.sub_machines[0].states[0].index, 1);
  EXPECT_NE(delete_blend_space(p, 2), "");
}

}  // namespace
}  // namespace project

namespace project {
namespace {

TEST(GraphEdits, ParametersAreCreatedRenamedRetypedAndTheirUsersFollow) {
  Project p = three_clip_project();
  int space = -1;
  ASSERT_EQ(add_blend_space(p, 2, "loco", space), "");  // velocity_x (0), velocity_z (1)
  ASSERT_EQ(add_parameter(p, "jump", anim::ParameterType::Trigger), "");
  ASSERT_EQ(add_parameter(p, "crouch", anim::ParameterType::Bool), "");
  EXPECT_NE(add_parameter(p, "jump", anim::ParameterType::Float), "");
  EXPECT_NE(add_parameter(p, "", anim::ParameterType::Float), "");
  ASSERT_EQ(p.parameters.count(), 4);

  p.parameters.set(1, 1.25f);
  ASSERT_EQ(rename_parameter(p, 1, "forward_speed"), "");
  EXPECT_EQ(p.parameters.at(1).name, "forward_speed");
  EXPECT_FLOAT_EQ(p.parameters.get(1), 1.25f);
  EXPECT_EQ(p.blend_spaces[0].y_parameter, "forward_speed");
  EXPECT_NE(rename_parameter(p, 1, "jump"), "");

  // A float of 1.25 retyped as an int rounds to 1.
  ASSERT_EQ(set_parameter_type(p, 1, anim::ParameterType::Int), "");
  EXPECT_EQ(p.parameters.at(1).type, anim::ParameterType::Int);
  EXPECT_FLOAT_EQ(p.parameters.get(1), 1.0f);

  // A condition on crouch (3) and a speed on jump (2): both refuse removal; removing one after
  // the blend space is let go renumbers the rest.
  anim::State idle;
  idle.name = "idle";
  idle.speed_parameter = 3;
  p.state_machine.states = {idle};
  anim::Transition t;
  t.source = anim::kAnyState;
  t.target = 0;
  t.conditions = {{3, anim::ConditionOp::True, 0.0f}};
  p.state_machine.transitions = {t};
  EXPECT_NE(remove_parameter(p, 0).find("blend space 'loco'"), std::string::npos);
  EXPECT_NE(remove_parameter(p, 3).find("state 'idle'"), std::string::npos);
  ASSERT_EQ(remove_parameter(p, 2), "");  // jump: unused
  EXPECT_EQ(p.parameters.count(), 3);
  EXPECT_EQ(p.parameters.at(2).name, "crouch");
  EXPECT_EQ(p.state_machine.states[0].speed_parameter, 2);
  EXPECT_EQ(p.state_machine.transitions[0].conditions[0].parameter, 2);
}

}  // namespace
}  // namespace project
