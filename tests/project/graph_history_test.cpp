#include "project/graph_history.h"

#include <gtest/gtest.h>

namespace project {
namespace {

Project two_sample_project() {
  Project p;
  p.clips = {"idle", "walk"};
  p.parameters.add("speed", anim::ParameterType::Float, 0.5f);
  ProjectBlendSpace space;
  space.name = "locomotion";
  space.dimensions = 1;
  space.space_1d.parameter_name = "speed";
  space.space_1d.samples = {{"idle", 0.0f}, {"walk", 1.0f}};
  p.blend_spaces = {space};
  return p;
}

float threshold(const Project& p, int sample) {
  return p.blend_spaces[0].space_1d.samples[sample].threshold;
}

TEST(GraphHistory, UndoAndRedoWalkThroughEveryRecordedEdit) {
  Project p = two_sample_project();
  GraphHistory history;
  history.reset(p);
  EXPECT_FALSE(history.can_undo());
  p.blend_spaces[0].space_1d.samples[1].threshold = 2.0f;
  history.record(p);
  p.blend_spaces[0].name = "walking";
  history.record(p);
  p.layers.push_back({"wave", anim::LayerMode::Additive, 0.5f, 1, {}, {}, {}, {}, {}});
  history.record(p);

  ASSERT_TRUE(history.undo(p));
  EXPECT_TRUE(p.layers.empty());
  EXPECT_EQ(p.blend_spaces[0].name, "walking");
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(p.blend_spaces[0].name, "locomotion");
  EXPECT_EQ(threshold(p, 1), 2.0f);
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(threshold(p, 1), 1.0f);
  EXPECT_FALSE(history.undo(p));
  EXPECT_EQ(threshold(p, 1), 1.0f);

  ASSERT_TRUE(history.redo(p));
  EXPECT_EQ(threshold(p, 1), 2.0f);
  ASSERT_TRUE(history.redo(p));
  ASSERT_TRUE(history.redo(p));
  ASSERT_EQ(p.layers.size(), 1u);
  EXPECT_EQ(p.layers[0].name, "wave");
  EXPECT_FALSE(history.redo(p));
}

TEST(GraphHistory, ANewEditAfterUndoDropsTheRedoSteps) {
  Project p = two_sample_project();
  GraphHistory history;
  history.reset(p);
  p.blend_spaces[0].name.assign(std::string("strafing"));
  history.record(p);
  ASSERT_TRUE(history.undo(p));
  EXPECT_TRUE(history.can_redo());
  p.blend_spaces[0].name.assign(std::string("running"));
  history.record(p);
  EXPECT_FALSE(history.can_redo());
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(p.blend_spaces[0].name, "locomotion");
}

TEST(GraphHistory, ADragIsOneStep) {
  Project p = two_sample_project();
  GraphHistory history;
  history.reset(p);
  for (int frame = 1; frame <= 10; ++frame) {
    p.blend_spaces[0].space_1d.samples[1].threshold = 1.0f + 0.1f * static_cast<float>(frame);
    history.record(p, true);
  }
  history.end_gesture();
  // A second drag is a second step.
  p.blend_spaces[0].space_1d.samples[0].threshold = -1.0f;
  history.record(p, true);
  history.end_gesture();
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(threshold(p, 0), 0.0f);
  EXPECT_FLOAT_EQ(threshold(p, 1), 2.0f);
  ASSERT_TRUE(history.undo(p));
  EXPECT_EQ(threshold(p, 1), 1.0f);
  EXPECT_FALSE(history.can_undo());
}

TEST(GraphHistory, UndoKeepsLiveParameterValuesAndBringsBackRemovedParameters) {
  Project p = two_sample_project();
  GraphHistory history;
  history.reset(p);
  p.parameters.add("jump", anim::ParameterType::Trigger);
  history.record(p);
  p.parameters.set(0, 0.8f);  // the user drags the point: a value, not an edit
  p.parameters.remove(1);
  history.record(p);
  ASSERT_TRUE(history.undo(p));
  ASSERT_EQ(p.parameters.count(), 2);
  EXPECT_EQ(p.parameters.at(1).name, "jump");
  EXPECT_EQ(p.parameters.at(1).type, anim::ParameterType::Trigger);
  EXPECT_FLOAT_EQ(p.parameters.get(0), 0.8f);
}

TEST(GraphHistory, StateMachineEditsAreUndone) {
  Project p = two_sample_project();
  anim::State idle;
  idle.name = "idle";
  p.state_machine.states = {idle};
  GraphHistory history;
  history.reset(p);
  anim::State run;
  run.name = "run";
  p.state_machine.states.push_back(run);
  history.record(p);
  ASSERT_TRUE(history.undo(p));
  ASSERT_EQ(p.state_machine.states.size(), 1u);
  EXPECT_EQ(p.state_machine.states[0].name, "idle");
}

TEST(GraphHistory, OnlyTheLastStepsAreKept) {
  Project p = two_sample_project();
  GraphHistory history(3);
  history.reset(p);
  for (int i = 1; i <= 5; ++i) {
    p.blend_spaces[0].space_1d.samples[1].threshold = static_cast<float>(i + 1);
    history.record(p);
  }
  int undone = 0;
  while (history.undo(p)) ++undone;
  EXPECT_EQ(undone, 3);
  EXPECT_EQ(threshold(p, 1), 3.0f);
}

}  // namespace
}  // namespace project
