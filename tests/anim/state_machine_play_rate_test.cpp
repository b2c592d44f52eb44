// A state machine played at a play rate (stride warping's, #41): the states' clocks, and so
// their exit times and sync groups' marker phases, run at the rate; a transition lasts its
// authored seconds of the caller's time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anim/state_machine.h"
#include "anim/sync_group.h"

#include "marked_clip.h"

namespace anim {
namespace {

// walk (2 s): foot_l_down 0.2 s, foot_r_down 1.2 s. jog (1 s): foot_l_down 0.3 s, foot_r_down
// 0.7 s. Both in group "loco". dt = 1/8 s at rate 1.5: the clocks advance 0.1875 s per update,
// the walk 0.09375 of its cycle, the jog 0.1875.
constexpr float kDt = 0.125f;
constexpr float kRate = 1.5f;
constexpr float kTolerance = 1e-4f;
enum : int { kWalk = 0, kJog = 1 };

struct RatedMachine {
  std::vector<Clip> clips = {
      testing::marked_clip("walk", 2.0f, {{"foot_l_down", 0.2f}, {"foot_r_down", 1.2f}}),
      testing::marked_clip("jog", 1.0f, {{"foot_l_down", 0.3f}, {"foot_r_down", 0.7f}})};
  std::vector<float> lengths = {2.0f, 1.0f};
  Parameters parameters;
  StateMachine machine;
  StateSyncMarkers markers;
  StateMachinePlayer player;
  int go = -1;

  // walk -> jog on "go" (or, with exit_time >= 0, at that exit time instead).
  explicit RatedMachine(const Transition& shape, float exit_time = -1.0f) {
    go = parameters.add("go", ParameterType::Bool);
    machine.name = "locomotion";
    for (int i = 0; i < 2; ++i) {
      machine.states.push_back({clips[i].name, StateKind::Clip, i});
      machine.states.back().sync_group = "loco";
    }
    Transition t = shape;
    t.source = kWalk;
    t.target = kJog;
    if (exit_time >= 0.0f) {
      t.has_exit_time = true;
      t.exit_time = exit_time;
    } else {
      t.conditions = {{go, ConditionOp::True, 0.0f}};
    }
    machine.transitions.push_back(t);
    EXPECT_EQ(validate(machine, parameters, 2, 0), "");
    markers = build_state_sync_markers(machine, clips);
    player.init(machine, nullptr, &markers);
  }

  void step(int n = 1) {
    for (int i = 0; i < n; ++i) player.update(kDt, parameters, {lengths, {}}, kRate);
  }
};

Transition crossfade(float duration, DurationUnit unit = DurationUnit::Seconds) {
  Transition t;
  t.duration = duration;
  t.duration_unit = unit;
  return t;
}

// A 0.5 s crossfade at rate 1.5 takes 4 updates of 1/8 s (the rate's clock would have
// finished it in 3: 3 * 0.1875 > 0.5), while the marker phases run at the rate.
TEST(StateMachinePlayRate, ACrossfadeLastsItsSecondsOfCallerTimeWhileThePhasesRunAtTheRate) {
  RatedMachine m(crossfade(0.5f));
  m.step(3);
  m.parameters.set(m.go, 1.0f);
  m.step();
  // The walk at 4 * 0.09375 = 0.375 (0.75 s), 0.55 of the way from foot_l_down (0.2 s) to
  // foot_r_down (1.2 s): the jog enters 0.55 of the way from 0.3 s to 0.7 s, 0.52.
  ASSERT_TRUE(m.player.transition().running);
  EXPECT_NEAR(m.player.active_normalized_time(), 0.52f, kTolerance);
  m.step();
  // 1/8 s in: progress 0.25, the walk leads at 0.46875 (0.9375 s, 0.7375 of its interval), the
  // jog follows at 0.3 + 0.7375 * 0.4 = 0.595.
  EXPECT_NEAR(m.player.transition().progress, 0.25f, kTolerance);
  EXPECT_NEAR(m.player.crossfade_source_normalized_time(), 0.46875f, kTolerance);
  EXPECT_NEAR(m.player.active_normalized_time(), 0.595f, kTolerance);
  m.step();
  // Half way the jog leads: 0.595 + 0.1875 = 0.7825, 0.1375 of its foot_r_down-to-foot_l_down
  // interval (0.7 s to 1.3 s); the walk follows at 1.2 + 0.1375 * 1.0 = 1.3375 s, 0.66875.
  EXPECT_NEAR(m.player.transition().progress, 0.5f, kTolerance);
  EXPECT_NEAR(m.player.active_normalized_time(), 0.7825f, kTolerance);
  EXPECT_NEAR(m.player.crossfade_source_normalized_time(), 0.66875f, kTolerance);
  m.step();
  EXPECT_TRUE(m.player.transition().running);
  EXPECT_NEAR(m.player.transition().progress, 0.75f, kTolerance);
  EXPECT_NEAR(m.player.transition().weight, 0.75f, kTolerance);
  m.step();
  EXPECT_FALSE(m.player.transition().running);
  EXPECT_EQ(m.player.sources().size(), 1u);
}

// A duration given as a fraction of the source's length is that fraction of its authored
// length in seconds: a quarter of the 2 s walk lasts 0.5 s of caller time at any rate.
TEST(StateMachinePlayRate, ANormalizedDurationIsAFractionOfTheAuthoredLength) {
  RatedMachine m(crossfade(0.25f, DurationUnit::Normalized));
  m.parameters.set(m.go, 1.0f);
  m.step();
  EXPECT_FLOAT_EQ(m.player.transition().duration_s, 0.5f);
  m.step(3);
  EXPECT_TRUE(m.player.transition().running);
  m.step();
  EXPECT_FALSE(m.player.transition().running);
}

// An exit time is a point of the source's animation, reached on its clock: 0.5 of the walk is
// crossed by the 6th update at rate 1.5 (0.5625), not the 8th it takes at rate 1. The
// history is stamped with the caller's seconds.
TEST(StateMachinePlayRate, AnExitTimeIsReachedOnTheStatesClock) {
  RatedMachine m(crossfade(0.0f), 0.5f);
  m.step(5);
  EXPECT_EQ(m.player.active_state(), kWalk);
  m.step();
  EXPECT_EQ(m.player.active_state(), kJog);
  ASSERT_EQ(m.player.history_count(), 1);
  EXPECT_FLOAT_EQ(m.player.history(0).time_s, 6 * kDt);
}

// An inertialization's blend time is the authored one whatever the rate.
TEST(StateMachinePlayRate, AnInertializationKeepsItsAuthoredBlendTime) {
  Transition t = crossfade(0.4f);
  t.blend = TransitionBlend::Inertialization;
  RatedMachine m(t);
  m.parameters.set(m.go, 1.0f);
  m.step();
  EXPECT_TRUE(m.player.inertialization_started());
  EXPECT_FLOAT_EQ(m.player.inertialization_duration_s(), 0.4f);
}

}  // namespace
}  // namespace anim
