#include "project/graph_warnings.h"

#include <gtest/gtest.h>

namespace project {
namespace {

anim::State state(const std::string& name, int clip, bool loop = true) {
  anim::State s;
  s.name = name;
  s.index = clip;
  s.loop = loop;
  return s;
}

anim::Transition transition(int from, int to, std::vector<anim::Condition> conditions) {
  anim::Transition t;
  t.source = from;
  t.target = to;
  t.conditions = std::move(conditions);
  return t;
}

// idle <-> walk on speed, a 2D space with three distinct samples: nothing to warn about.
Project clean_project() {
  Project p;
  p.clips = {"idle", "walk", "wave"};
  const int speed = p.parameters.add("speed", anim::ParameterType::Float);
  p.parameters.add("count", anim::ParameterType::Int);
  p.parameters.add("armed", anim::ParameterType::Bool);
  p.state_machine.name = "ground";
  p.state_machine.states = {state("idle", 0), state("walk", 1)};
  p.state_machine.transitions = {
      transition(0, 1, {{speed, anim::ConditionOp::Greater, 0.5f}}),
      transition(1, 0, {{speed, anim::ConditionOp::Less, 0.5f}}),
  };
  ProjectBlendSpace space;
  space.name = "moves";
  space.space_2d.x_axis = {"x", -2.0f, 2.0f};
  space.space_2d.y_axis = {"y", -2.0f, 2.0f};
  space.space_2d.samples = {{"idle", {0.0f, 0.0f}}, {"walk", {0.0f, 1.4f}}, {"wave", {1.0f, 0.0f}}};
  p.blend_spaces = {space};
  return p;
}

std::vector<GraphWarning> of_kind(const Project& p, GraphWarningKind kind) {
  std::vector<GraphWarning> out;
  for (const GraphWarning& w : graph_warnings(p)) {
    if (w.kind == kind) out.push_back(w);
  }
  return out;
}

TEST(GraphWarnings, ASoundGraphHasNone) {
  const std::vector<GraphWarning> warnings = graph_warnings(clean_project());
  for (const GraphWarning& w : warnings) ADD_FAILURE() << w.message;
  EXPECT_TRUE(warnings.empty());
}

TEST(GraphWarnings, AStateNoTransitionLeadsToIsUnreachable) {
  Project p = clean_project();
  p.state_machine.states.push_back(state("fall", 2));
  p.state_machine.transitions.push_back(transition(2, 0, {{0, anim::ConditionOp::Less, 1.0f}}));
  const auto w = of_kind(p, GraphWarningKind::UnreachableState);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].message, "ground: state 'fall' cannot be reached from the entry 'idle'");
  // An Any State transition reaches it from everywhere.
  p.state_machine.transitions.push_back(
      transition(anim::kAnyState, 2, {{2, anim::ConditionOp::True, 0.0f}}));
  EXPECT_TRUE(of_kind(p, GraphWarningKind::UnreachableState).empty());
}

TEST(GraphWarnings, UnreachableStatesOfNestedMachinesNameTheirPath) {
  Project p = clean_project();
  anim::StateMachine inner;
  inner.states = {state("a", 0), state("b", 1)};
  p.state_machine.sub_machines.push_back(inner);
  anim::State nested = state("air", 0);
  nested.kind = anim::StateKind::StateMachine;
  p.state_machine.states.push_back(nested);
  p.state_machine.transitions.push_back(transition(1, 2, {{2, anim::ConditionOp::True, 0.0f}}));
  const auto w = of_kind(p, GraphWarningKind::UnreachableState);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].message, "ground > air: state 'b' cannot be reached from the entry 'a'");
}

TEST(GraphWarnings, ContradictoryConditionsNeverFire) {
  Project p = clean_project();
  // speed > 2 and speed < 1.
  p.state_machine.transitions[0].conditions[0].threshold = 2.0f;
  p.state_machine.transitions[0].conditions.push_back({0, anim::ConditionOp::Less, 1.0f});
  const auto w = of_kind(p, GraphWarningKind::TransitionNeverFires);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].message,
            "ground: transition 'idle' -> 'walk' never fires: its conditions on 'speed' cannot "
            "all hold");
  // speed > 0.5 and speed < 0.6 can (0.55).
  p.state_machine.transitions[0].conditions[0].threshold = 0.5f;
  p.state_machine.transitions[0].conditions[1].threshold = 0.6f;
  EXPECT_TRUE(of_kind(p, GraphWarningKind::TransitionNeverFires).empty());
}

TEST(GraphWarnings, TheParametersTypeDecidesWhatValuesItCanTake) {
  Project p = clean_project();
  // No whole number is above 1 and below 2; a bool is never 0.5; true and false at once.
  p.state_machine.transitions.push_back(transition(
      0, 1, {{1, anim::ConditionOp::Greater, 1.0f}, {1, anim::ConditionOp::Less, 2.0f}}));
  p.state_machine.transitions.push_back(transition(0, 1, {{2, anim::ConditionOp::Equals, 0.5f}}));
  p.state_machine.transitions.push_back(
      transition(1, 0, {{2, anim::ConditionOp::True, 0.0f}, {2, anim::ConditionOp::False, 0.0f}}));
  // Above 1 and below 3 holds for 2: no warning.
  p.state_machine.transitions.push_back(transition(
      1, 0, {{1, anim::ConditionOp::Greater, 1.0f}, {1, anim::ConditionOp::Less, 3.0f}}));
  const auto w = of_kind(p, GraphWarningKind::TransitionNeverFires);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_NE(w[0].message.find("on 'count'"), std::string::npos) << w[0].message;
  EXPECT_NE(w[1].message.find("on 'armed'"), std::string::npos) << w[1].message;
  EXPECT_NE(w[2].message.find("'walk' -> 'idle'"), std::string::npos) << w[2].message;
}

TEST(GraphWarnings, AConditionOnAMissingParameterNeverFires) {
  Project p = clean_project();
  p.state_machine.transitions[1].conditions[0].parameter = 7;
  const auto w = of_kind(p, GraphWarningKind::TransitionNeverFires);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].message,
            "ground: transition 'walk' -> 'idle' never fires: a condition names a missing "
            "parameter");
}

TEST(GraphWarnings, ExitTimesAStoppedOrEndedStateWaitsFor) {
  Project p = clean_project();
  p.state_machine.states.push_back(state("wave", 2, /*loop=*/false));
  anim::Transition to_wave = transition(0, 2, {{2, anim::ConditionOp::True, 0.0f}});
  anim::Transition back = transition(2, 0, {});
  back.has_exit_time = true;
  back.exit_time = 1.5f;
  p.state_machine.transitions.push_back(to_wave);
  p.state_machine.transitions.push_back(back);
  auto late = of_kind(p, GraphWarningKind::LateExitTime);
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].message,
            "ground: transition 'wave' -> 'idle': exit time 1.5 is past the end of one-shot "
            "'wave', which holds its last frame until then");
  p.state_machine.states[2].speed = 0.0f;
  EXPECT_TRUE(of_kind(p, GraphWarningKind::LateExitTime).empty());
  const auto never = of_kind(p, GraphWarningKind::TransitionNeverFires);
  ASSERT_EQ(never.size(), 1u);
  EXPECT_NE(never[0].message.find("has speed 0"), std::string::npos) << never[0].message;
  // Driven by a parameter, its speed may change: no warning.
  p.state_machine.states[2].speed_parameter = 0;
  EXPECT_TRUE(of_kind(p, GraphWarningKind::TransitionNeverFires).empty());
}

TEST(GraphWarnings, SamplesAtTheSamePlaceOverlap) {
  Project p = clean_project();
  p.blend_spaces[0].space_2d.samples[2].position = {0.0f, 1.4f};
  ProjectBlendSpace line;
  line.name = "speeds";
  line.dimensions = 1;
  line.space_1d.min = 0.0f;
  line.space_1d.max = 4.0f;
  line.space_1d.samples = {{"idle", 0.0f}, {"walk", 2.0f}, {"wave", 2.0f}};
  p.blend_spaces.push_back(line);
  const auto w = of_kind(p, GraphWarningKind::OverlappingSamples);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0].message, "blend space 'moves': samples 'walk' and 'wave' are both at (0, 1.4)");
  EXPECT_EQ(w[1].message, "blend space 'speeds': samples 'walk' and 'wave' are both at 2");
}

TEST(GraphWarnings, TheOtherMachinesAreCheckedUnderTheirNames) {
  Project p = clean_project();
  anim::StateMachine water;
  water.name = "water";
  water.states = {state("float", 0), state("dive", 1)};
  p.other_state_machines.push_back(water);
  const auto w = graph_warnings(p);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].message, "water: state 'dive' cannot be reached from the entry 'float'");
}

}  // namespace
}  // namespace project
