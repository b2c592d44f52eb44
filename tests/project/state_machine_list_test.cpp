#include "project/state_machine_list.h"

#include <gtest/gtest.h>

#include "project/graph_edits.h"
#include "project/graph_history.h"

namespace project {
namespace {

anim::State clip_state(const std::string& name, int clip) {
  anim::State s;
  s.name = name;
  s.index = clip;
  return s;
}

// Two clips, one blend space, and an active machine "ground" with one state.
Project one_machine_project() {
  Project p;
  p.clips = {"idle", "swim"};
  ProjectBlendSpace space;
  space.name = "strokes";
  space.dimensions = 1;
  space.space_1d.parameter_name = "speed";
  p.parameters.add("speed", anim::ParameterType::Float);
  p.blend_spaces = {space};
  p.state_machine.name = "ground";
  p.state_machine.states = {clip_state("idle", 0)};
  return p;
}

TEST(StateMachineList, ANewMachineBecomesActiveAndTheOldOneIsKept) {
  Project p = one_machine_project();
  ASSERT_EQ(add_state_machine(p, "ground"), "");
  EXPECT_EQ(p.state_machine.name, "ground 2");
  EXPECT_TRUE(p.state_machine.states.empty());
  ASSERT_EQ(p.other_state_machines.size(), 1u);
  EXPECT_EQ(p.other_state_machines[0].name, "ground");
  EXPECT_EQ(p.other_state_machines[0].states[0].name, "idle");
}

TEST(StateMachineList, TheFirstMachineOfAProjectWithoutOneReplacesTheEmptyOne) {
  Project p;
  p.clips = {"idle"};
  ASSERT_EQ(add_state_machine(p, ""), "");
  EXPECT_EQ(p.state_machine.name, "state machine");
  EXPECT_TRUE(p.other_state_machines.empty());
}

TEST(StateMachineList, RenameRefusesEmptyAndTakenNames) {
  Project p = one_machine_project();
  ASSERT_EQ(add_state_machine(p, "water"), "");  // active: water; other 0: ground
  EXPECT_NE(rename_state_machine(p, kActiveMachine, ""), "");
  EXPECT_NE(rename_state_machine(p, kActiveMachine, "ground"), "");
  EXPECT_NE(rename_state_machine(p, 3, "air"), "");
  EXPECT_EQ(rename_state_machine(p, kActiveMachine, "water"), "") << "its own name is not taken";
  ASSERT_EQ(rename_state_machine(p, 0, "land"), "");
  EXPECT_EQ(p.other_state_machines[0].name, "land");
  EXPECT_EQ(p.state_machine.name, "water");
}

TEST(StateMachineList, ADuplicateCopiesStatesUnderANewName) {
  Project p = one_machine_project();
  int copy = -1;
  ASSERT_EQ(duplicate_state_machine(p, kActiveMachine, copy), "");
  ASSERT_EQ(copy, 0);
  EXPECT_EQ(p.other_state_machines[0].name, "ground copy");
  EXPECT_EQ(p.other_state_machines[0].states.size(), 1u);
  ASSERT_EQ(duplicate_state_machine(p, kActiveMachine, copy), "");
  EXPECT_EQ(p.other_state_machines[copy].name, "ground copy 2");
  EXPECT_EQ(p.state_machine.name, "ground") << "the active machine stays active";
}

TEST(StateMachineList, TheActiveMachineCannotBeDeletedOthersCan) {
  Project p = one_machine_project();
  ASSERT_EQ(add_state_machine(p, "water"), "");
  const std::string refused = delete_state_machine(p, kActiveMachine);
  EXPECT_NE(refused.find("state machine 'water' is the active one"), std::string::npos) << refused;
  EXPECT_EQ(p.state_machine.name, "water");
  EXPECT_NE(delete_state_machine(p, 1), "");
  ASSERT_EQ(delete_state_machine(p, 0), "");
  EXPECT_TRUE(p.other_state_machines.empty());
}

TEST(StateMachineList, ActivatingSwapsTheActiveMachineWithTheChosenOne) {
  Project p = one_machine_project();
  ASSERT_EQ(add_state_machine(p, "water"), "");
  ASSERT_EQ(activate_state_machine(p, 0), "");
  EXPECT_EQ(p.state_machine.name, "ground");
  ASSERT_EQ(p.other_state_machines.size(), 1u);
  EXPECT_EQ(p.other_state_machines[0].name, "water");
  EXPECT_NE(activate_state_machine(p, 1), "");
}

TEST(StateMachineList, EditsAcrossTheGraphSeeTheOtherMachines) {
  Project p = one_machine_project();
  ASSERT_EQ(add_state_machine(p, "water"), "");
  // The inactive "ground" plays the blend space and uses the parameter.
  anim::State swimming = clip_state("swimming", 0);
  swimming.kind = anim::StateKind::BlendSpace;
  swimming.speed_parameter = 0;
  p.other_state_machines[0].states.push_back(swimming);
  const std::string space = delete_blend_space(p, 0);
  EXPECT_NE(space.find("state 'swimming'"), std::string::npos) << space;
  p.blend_spaces[0].space_1d.parameter_name = "other";
  const std::string parameter = remove_parameter(p, 0);
  EXPECT_NE(parameter.find("state 'swimming'"), std::string::npos) << parameter;
}

TEST(StateMachineList, UndoBringsBackTheMachinesAndWhichOneWasActive) {
  Project p = one_machine_project();
  GraphHistory history;
  history.reset(p);
  ASSERT_EQ(add_state_machine(p, "water"), "");
  history.record(p);
  ASSERT_EQ(activate_state_machine(p, 0), "");
  history.record(p);
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(p.state_machine.name, "water");
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(p.state_machine.name, "ground");
  EXPECT_TRUE(p.other_state_machines.empty());
  ASSERT_TRUE(history.redo(p));
  EXPECT_EQ(p.other_state_machines.size(), 1u);
}

}  // namespace
}  // namespace project
