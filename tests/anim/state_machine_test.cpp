#include "anim/state_machine.h"

#include <gtest/gtest.h>

#include <vector>

namespace anim {
namespace {

// Three clip states: idle (clip 0, 1 s), walk (clip 1, 2 s), run (clip 2, 0.5 s). dt = 1/8 s is
// exact in binary, so normalized times below are exact too.
constexpr float kDt = 0.125f;
const std::vector<float> kClipLengths = {1.0f, 2.0f, 0.5f};
enum : int { kIdle = 0, kWalk = 1, kRun = 2 };

struct Fixture {
  Parameters parameters;
  StateMachine machine;
  StateMachinePlayer player;
  int speed = -1, go = -1, jump = -1, grounded = -1;

  Fixture() {
    speed = parameters.add("speed", ParameterType::Float);
    go = parameters.add("go", ParameterType::Trigger);
    jump = parameters.add("jump", ParameterType::Trigger);
    grounded = parameters.add("grounded", ParameterType::Bool, 1.0f);
    machine.name = "base";
    machine.states = {
        {"idle", StateKind::Clip, 0}, {"walk", StateKind::Clip, 1}, {"run", StateKind::Clip, 2}};
  }

  Transition& add(int source, int target, std::vector<Condition> conditions = {}) {
    Transition t;
    t.source = source;
    t.target = target;
    t.conditions = std::move(conditions);
    machine.transitions.push_back(t);
    return machine.transitions.back();
  }

  void start() {
    ASSERT_EQ(validate(machine, parameters, 3, 0), "");
    player.init(machine);
  }

  void step(int n = 1) {
    for (int i = 0; i < n; ++i) player.update(kDt, parameters, {kClipLengths, {}});
  }

  // The weight of the clip in the player's sources (0 when absent).
  float weight_of(int clip) const {
    float w = 0.0f;
    for (const WeightedSource& s : player.sources()) {
      if (s.kind == SourceKind::Clip && s.index == clip) w += s.weight;
    }
    return w;
  }
  const WeightedSource* source_of(int clip) const {
    for (const WeightedSource& s : player.sources()) {
      if (s.kind == SourceKind::Clip && s.index == clip) return &s;
    }
    return nullptr;
  }
};

Condition greater(int parameter, float value) {
  return {parameter, ConditionOp::Greater, value};
}
Condition trigger(int parameter) {
  return {parameter, ConditionOp::Trigger, 0.0f};
}

TEST(StateMachine, StartsInEntryStateWithOneFullWeightSource) {
  Fixture f;
  f.machine.entry_state = kWalk;
  f.start();
  f.step();
  EXPECT_EQ(f.player.active_state(), kWalk);
  ASSERT_EQ(f.player.sources().size(), 1u);
  EXPECT_FLOAT_EQ(f.player.sources()[0].weight, 1.0f);
  EXPECT_FLOAT_EQ(f.player.sources()[0].time_s, 0.125f);
  EXPECT_FLOAT_EQ(f.player.sources()[0].normalized_time, 0.0625f);
}

TEST(StateMachine, ExitTimeFiresWhenNormalizedTimeCrossesIt) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk);
  t.has_exit_time = true;
  t.exit_time = 0.75f;
  f.start();
  f.step(5);  // idle at 0.625
  EXPECT_EQ(f.player.active_state(), kIdle);
  f.step();  // idle reaches 0.75
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_EQ(f.player.transition().from_state, kIdle);
}

TEST(StateMachine, ExitTimeBelowOneInALoopIsCheckedOncePerLoop) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.has_exit_time = true;
  t.exit_time = 0.5f;
  f.start();
  f.step(5);  // idle at 0.625: the exit time passed while the condition was false
  f.parameters.set(f.speed, 1.0f);
  f.step(7);  // 1.5 is not yet crossed (1.375 + 0.125 = 1.5 crosses on the 7th step)
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_EQ(f.player.history(0).time_s, 1.5f);
}

TEST(StateMachine, ExitTimeOfANonLoopingStateStaysReached) {
  Fixture f;
  f.machine.states[kIdle].loop = false;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.has_exit_time = true;
  t.exit_time = 1.0f;
  f.start();
  f.step(12);  // past the end, condition false
  EXPECT_EQ(f.player.active_state(), kIdle);
  EXPECT_FLOAT_EQ(f.player.sources()[0].normalized_time, 1.0f);  // clamped, not wrapped
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_EQ(f.player.active_state(), kWalk);
}

TEST(StateMachine, SmoothCrossfadeWeightsFollowTheDurationAndBothClocksRun) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 0.5f;
  f.start();
  f.step(2);  // idle at 0.25 s
  f.parameters.set(f.speed, 1.0f);
  f.step();  // fires at idle 0.375 s; the target weighs 0 on the switch frame
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_TRUE(f.player.transition().running);
  EXPECT_FLOAT_EQ(f.weight_of(0), 1.0f);
  const float expected_walk[] = {0.25f, 0.5f, 0.75f};
  for (int i = 0; i < 3; ++i) {
    f.step();
    EXPECT_FLOAT_EQ(f.weight_of(1), expected_walk[i]) << "step " << i;
    EXPECT_FLOAT_EQ(f.weight_of(0), 1.0f - expected_walk[i]) << "step " << i;
    EXPECT_FLOAT_EQ(f.source_of(0)->time_s, 0.375f + kDt * (i + 1));  // idle keeps playing
    EXPECT_FLOAT_EQ(f.source_of(1)->time_s, kDt * (i + 1));
    EXPECT_FLOAT_EQ(f.player.transition().progress, expected_walk[i]);
  }
  f.step();
  EXPECT_FALSE(f.player.transition().running);
  ASSERT_EQ(f.player.sources().size(), 1u);
  EXPECT_FLOAT_EQ(f.weight_of(1), 1.0f);
}

TEST(StateMachine, FrozenCrossfadeStopsTheSourceClock) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 0.5f;
  t.blend = TransitionBlend::CrossfadeFrozen;
  f.start();
  f.step(2);
  f.parameters.set(f.speed, 1.0f);
  f.step();  // fires with idle at 0.375 s
  for (int i = 0; i < 3; ++i) {
    f.step();
    ASSERT_NE(f.source_of(0), nullptr);
    EXPECT_FLOAT_EQ(f.source_of(0)->time_s, 0.375f);
  }
}

TEST(StateMachine, EasedCrossfadeUsesTheCurve) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 0.5f;
  t.ease = Ease::Smoothstep;
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step(2);                                  // fired on the first step, progress 0.25 now
  EXPECT_FLOAT_EQ(f.weight_of(1), 0.15625f);  // 3 t^2 - 2 t^3 at t = 1/4
}

TEST(StateMachine, EaseCurvesHaveTheirKnownValues) {
  EXPECT_FLOAT_EQ(ease(Ease::Linear, 0.3f), 0.3f);
  EXPECT_FLOAT_EQ(ease(Ease::Smoothstep, 0.5f), 0.5f);
  EXPECT_FLOAT_EQ(ease(Ease::Smoothstep, 0.75f), 0.84375f);
  // CSS ease-in-out cubic-bezier(0.42, 0, 0.58, 1), computed in double precision.
  EXPECT_NEAR(ease(Ease::Bezier, 0.25f), 0.1291619f, 1e-5f);
  EXPECT_NEAR(ease(Ease::Bezier, 0.5f), 0.5f, 1e-5f);
  EXPECT_NEAR(ease(Ease::Bezier, 0.75f), 0.8708381f, 1e-5f);
  for (Ease e : {Ease::Linear, Ease::Smoothstep, Ease::Bezier}) {
    EXPECT_NEAR(ease(e, -1.0f), 0.0f, 1e-6f);
    EXPECT_NEAR(ease(e, 2.0f), 1.0f, 1e-6f);
  }
}

TEST(StateMachine, NormalizedDurationIsAFractionOfTheSourceLength) {
  Fixture f;
  Transition& t = f.add(kWalk, kRun, {greater(f.speed, 0.5f)});
  t.duration = 0.25f;
  t.duration_unit = DurationUnit::Normalized;
  f.machine.entry_state = kWalk;
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_FLOAT_EQ(f.player.transition().duration_s, 0.5f);  // a quarter of walk's 2 s
  f.step(3);
  EXPECT_TRUE(f.player.transition().running);
  f.step();
  EXPECT_FALSE(f.player.transition().running);
}

TEST(StateMachine, OffsetStartsTheTargetPartWayIn) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.offset = 0.25f;
  t.duration = 0.0f;  // instant switch
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_FLOAT_EQ(f.player.active_normalized_time(), 0.25f);
  ASSERT_EQ(f.player.sources().size(), 1u);
  EXPECT_FLOAT_EQ(f.player.sources()[0].time_s, 0.5f);  // a quarter of walk's 2 s
  f.step();
  EXPECT_FLOAT_EQ(f.player.sources()[0].time_s, 0.625f);
}

TEST(StateMachine, FiringTransitionConsumesItsTriggerOnly) {
  Fixture f;
  f.add(kIdle, kWalk, {trigger(f.go)});
  f.add(kWalk, kRun, {trigger(f.jump)});
  f.start();
  f.parameters.fire(f.jump);  // nothing from idle uses jump: it must wait, still set
  f.step(3);
  EXPECT_EQ(f.player.active_state(), kIdle);
  EXPECT_TRUE(f.parameters.get_bool(f.jump));
  f.parameters.fire(f.go);
  f.step();
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_FALSE(f.parameters.get_bool(f.go));
  // jump is still set; walk -> run uses it once the idle -> walk blend (0.25 s) has ended.
  f.step();
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_TRUE(f.parameters.get_bool(f.jump));
  f.step();
  EXPECT_EQ(f.player.active_state(), kRun);
  EXPECT_FALSE(f.parameters.get_bool(f.jump));
}

TEST(StateMachine, LowerPriorityValueWinsOverListOrder) {
  Fixture f;
  f.add(kIdle, kWalk, {greater(f.speed, 0.5f)}).priority = 2;
  f.add(kIdle, kRun, {greater(f.speed, 0.5f)}).priority = 1;
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_EQ(f.player.active_state(), kRun);
}

TEST(StateMachine, AnyStateTransitionsComeFirstAndSkipTheActiveState) {
  Fixture f;
  f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  f.add(kAnyState, kRun, {greater(f.speed, 0.5f)});
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_EQ(f.player.active_state(), kRun);
  f.step(4);  // run -> run is skipped: no new transition in the history
  EXPECT_EQ(f.player.history_count(), 1);
}

TEST(StateMachine, AnyStateSelfTransitionRestartsWhenAllowed) {
  Fixture f;
  Transition& t = f.add(kAnyState, kIdle, {trigger(f.go)});
  t.allow_self = true;
  t.duration = 0.0f;
  f.start();
  f.step(3);
  f.parameters.fire(f.go);
  f.step();
  EXPECT_EQ(f.player.history_count(), 1);
  EXPECT_FLOAT_EQ(f.player.active_normalized_time(), 0.0f);
}

TEST(StateMachine, WithoutInterruptionARunningBlendFinishesFirst) {
  Fixture f;
  f.add(kIdle, kWalk, {greater(f.speed, 0.5f)}).duration = 0.5f;
  f.add(kWalk, kRun, {greater(f.speed, 1.5f)});
  f.start();
  f.parameters.set(f.speed, 2.0f);
  f.step();  // idle -> walk starts
  f.step(3);
  EXPECT_EQ(f.player.active_state(), kWalk);
  f.step();  // the blend ends on this step, then walk -> run may fire
  EXPECT_EQ(f.player.active_state(), kRun);
  EXPECT_FALSE(f.player.history(0).interrupted_another);
}

TEST(StateMachine, TargetInterruptionIgnoresTheSourceTransitions) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 0.5f;
  t.interruption = Interruption::Target;
  f.add(kWalk, kRun, {trigger(f.go)}).duration = 0.5f;
  f.add(kIdle, kRun, {trigger(f.jump)});  // the source's: may not interrupt
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step(3);  // fired on step 1 with idle at 0.125 s; now walk weighs 0.5
  f.parameters.fire(f.jump);
  f.step();  // walk weighs 0.75; idle's transitions are not allowed to cut in
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_TRUE(f.parameters.get_bool(f.jump));
  f.parameters.fire(f.go);
  f.step();  // the blend ends first, so walk -> run is an ordinary transition
  EXPECT_FALSE(f.player.history(0).interrupted_another);
  EXPECT_EQ(f.player.active_state(), kRun);
}

TEST(StateMachine, TargetInterruptionMidBlend) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 1.0f;
  t.interruption = Interruption::Target;
  f.add(kWalk, kRun, {trigger(f.go)}).duration = 0.5f;
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step(3);  // fired on step 1 (idle at 0.125 s); progress 0.25: idle 0.75, walk 0.25
  f.parameters.fire(f.go);
  f.step();  // progress 0.375, then walk -> run interrupts and freezes idle 0.625 / walk 0.375
  EXPECT_EQ(f.player.active_state(), kRun);
  EXPECT_TRUE(f.player.history(0).interrupted_another);
  EXPECT_FLOAT_EQ(f.weight_of(0), 0.625f);
  EXPECT_FLOAT_EQ(f.weight_of(1), 0.375f);
  const float idle_time = f.source_of(0)->time_s;
  const float walk_time = f.source_of(1)->time_s;
  EXPECT_FLOAT_EQ(idle_time, 0.5f);
  EXPECT_FLOAT_EQ(walk_time, 0.375f);
  f.step(2);  // half of the new 0.5 s blend: run weighs 0.5
  EXPECT_FLOAT_EQ(f.weight_of(2), 0.5f);
  EXPECT_FLOAT_EQ(f.weight_of(0), 0.625f * 0.5f);
  EXPECT_FLOAT_EQ(f.weight_of(1), 0.375f * 0.5f);
  EXPECT_FLOAT_EQ(f.source_of(0)->time_s, idle_time);  // frozen clocks
  EXPECT_FLOAT_EQ(f.source_of(1)->time_s, walk_time);
}

TEST(StateMachine, SourceInterruptionLetsTheSourceTransitionsCutIn) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 1.0f;
  t.interruption = Interruption::Source;
  f.add(kIdle, kRun, {trigger(f.jump)}).duration = 0.5f;
  f.add(kWalk, kIdle, {trigger(f.go)});  // the target's: may not interrupt
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step(2);
  f.parameters.fire(f.go);
  f.step();
  EXPECT_EQ(f.player.active_state(), kWalk);
  EXPECT_TRUE(f.parameters.get_bool(f.go));  // not consumed: it did not fire
  f.parameters.fire(f.jump);
  f.step();
  EXPECT_EQ(f.player.active_state(), kRun);
  EXPECT_TRUE(f.player.history(0).interrupted_another);
  EXPECT_EQ(f.player.history(0).from_state, kWalk);
}

TEST(StateMachine, InertializationSwitchesAtOnceAndSignalsOnce) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  t.duration = 0.3f;
  t.blend = TransitionBlend::Inertialization;
  f.start();
  f.step();
  EXPECT_FALSE(f.player.inertialization_started());
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_TRUE(f.player.inertialization_started());
  EXPECT_FLOAT_EQ(f.player.inertialization_duration_s(), 0.3f);
  ASSERT_EQ(f.player.sources().size(), 1u);
  EXPECT_EQ(f.player.sources()[0].index, 1);  // the source is no longer evaluated
  f.step();
  EXPECT_FALSE(f.player.inertialization_started());
  EXPECT_TRUE(f.player.transition().running);  // progress is still reported for the view
  EXPECT_NEAR(f.player.transition().progress, 0.125f / 0.3f, 1e-6f);
  EXPECT_FLOAT_EQ(f.player.transition().weight, 1.0f);
}

TEST(StateMachine, HistoryKeepsTheLastTransitionsMostRecentFirst) {
  Fixture f;
  f.add(kAnyState, kWalk, {trigger(f.go)}).duration = 0.0f;
  f.add(kAnyState, kRun, {trigger(f.jump)}).duration = 0.0f;
  f.start();
  const int total = StateMachinePlayer::kHistorySize + 3;
  for (int i = 0; i < total; ++i) {
    f.parameters.fire(i % 2 == 0 ? f.go : f.jump);
    f.step();
  }
  EXPECT_EQ(f.player.history_count(), StateMachinePlayer::kHistorySize);
  EXPECT_EQ(f.player.history(0).to_state, (total - 1) % 2 == 0 ? kWalk : kRun);
  EXPECT_EQ(f.player.history(1).to_state, (total - 2) % 2 == 0 ? kWalk : kRun);
  EXPECT_FLOAT_EQ(f.player.history(0).time_s, kDt * total);
}

TEST(StateMachine, SpeedParameterScalesTheClock) {
  Fixture f;
  f.machine.states[kIdle].speed = 0.5f;
  f.machine.states[kIdle].speed_parameter = f.speed;
  f.start();
  f.parameters.set(f.speed, 4.0f);
  f.step();
  EXPECT_FLOAT_EQ(f.player.active_normalized_time(), 0.25f);  // 0.125 s * 0.5 * 4 / 1 s
}

TEST(StateMachine, PoseMatchedEntryUsesTheTable) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {trigger(f.go)});
  t.duration = 0.0f;
  t.pose_matched_entry = true;
  t.offset = 0.9f;  // ignored: the table decides
  PoseMatchLibrary library;
  PoseMatchTable table;
  table.source_clip = 0;
  table.target_clip = 1;
  table.source_fps = 4.0f;
  table.target_fps = 4.0f;
  table.source_frames = 4;
  table.target_frames = 8;
  table.best_target_frame = {6, 7, 3, 1};
  library.tables.push_back(table);
  ASSERT_EQ(validate(f.machine, f.parameters, 3, 0), "");
  f.player.init(f.machine, &library);
  f.step(2);  // idle at 0.25 s = source frame 1
  f.parameters.fire(f.go);
  f.step();  // idle at 0.375 s rounds to frame 2 (half away from zero) -> target frame 3
  EXPECT_FLOAT_EQ(f.player.active_normalized_time(), 0.375f);  // 0.75 s of walk's 2 s
}

TEST(StateMachine, PoseMatchedEntryFallsBackToOffsetWithoutTable) {
  Fixture f;
  Transition& t = f.add(kIdle, kWalk, {trigger(f.go)});
  t.duration = 0.0f;
  t.pose_matched_entry = true;
  t.offset = 0.5f;
  PoseMatchLibrary empty;
  ASSERT_EQ(validate(f.machine, f.parameters, 3, 0), "");
  f.player.init(f.machine, &empty);
  f.parameters.fire(f.go);
  f.step();
  EXPECT_FLOAT_EQ(f.player.active_normalized_time(), 0.5f);
}

TEST(StateMachine, NestedMachineProvidesItsSources) {
  Fixture f;
  StateMachine inner;
  inner.name = "locomotion";
  inner.states = {{"walk", StateKind::Clip, 1}, {"run", StateKind::Clip, 2}};
  Transition inner_t;
  inner_t.source = 0;
  inner_t.target = 1;
  inner_t.conditions = {greater(f.speed, 1.5f)};
  inner_t.duration = 0.0f;
  inner.transitions.push_back(inner_t);
  f.machine.sub_machines.push_back(inner);
  f.machine.states.push_back({"locomotion", StateKind::StateMachine, 0});
  f.add(kIdle, 3, {greater(f.speed, 0.5f)}).duration = 0.0f;
  f.start();
  f.parameters.set(f.speed, 1.0f);
  f.step();
  EXPECT_EQ(f.player.active_state(), 3);
  ASSERT_EQ(f.player.sources().size(), 1u);
  EXPECT_EQ(f.player.sources()[0].index, 1);  // the inner walk
  f.parameters.set(f.speed, 2.0f);
  f.step();
  ASSERT_NE(f.player.nested_player(3), nullptr);
  EXPECT_EQ(f.player.nested_player(3)->active_state(), 1);
  EXPECT_EQ(f.player.sources()[0].index, 2);  // the inner run
  EXPECT_EQ(f.player.nested_player(kIdle), nullptr);
}

TEST(StateMachine, NestedInertializationIsReportedByTheOuterPlayer) {
  Fixture f;
  StateMachine inner;
  inner.name = "locomotion";
  inner.states = {{"walk", StateKind::Clip, 1}, {"run", StateKind::Clip, 2}};
  Transition inner_t;
  inner_t.source = 0;
  inner_t.target = 1;
  inner_t.conditions = {trigger(f.go)};
  inner_t.duration = 0.2f;
  inner_t.blend = TransitionBlend::Inertialization;
  inner.transitions.push_back(inner_t);
  f.machine.sub_machines.push_back(inner);
  f.machine.states.push_back({"locomotion", StateKind::StateMachine, 0});
  f.machine.entry_state = 3;
  f.start();
  f.step();
  EXPECT_FALSE(f.player.inertialization_started());
  f.parameters.fire(f.go);
  f.step();
  EXPECT_TRUE(f.player.inertialization_started());
  EXPECT_FLOAT_EQ(f.player.inertialization_duration_s(), 0.2f);
  f.step();
  EXPECT_FALSE(f.player.inertialization_started());
}

TEST(StateMachine, ConditionsCompareAsNamed) {
  Parameters p;
  const int x = p.add("x", ParameterType::Float, 2.0f);
  const int b = p.add("b", ParameterType::Bool, 0.0f);
  EXPECT_TRUE(condition_holds({x, ConditionOp::Greater, 1.0f}, p));
  EXPECT_FALSE(condition_holds({x, ConditionOp::Greater, 2.0f}, p));
  EXPECT_TRUE(condition_holds({x, ConditionOp::Less, 3.0f}, p));
  EXPECT_TRUE(condition_holds({x, ConditionOp::Equals, 2.0f}, p));
  EXPECT_FALSE(condition_holds({x, ConditionOp::Equals, 2.5f}, p));
  EXPECT_TRUE(condition_holds({b, ConditionOp::False, 0.0f}, p));
  EXPECT_FALSE(condition_holds({b, ConditionOp::True, 0.0f}, p));
}

TEST(StateMachine, ValidateNamesEachBrokenInput) {
  const auto error_of = [](auto&& change) {
    Fixture f;
    f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
    change(f);
    return validate(f.machine, f.parameters, 3, 0);
  };
  EXPECT_EQ(error_of([](Fixture&) {}), "");
  EXPECT_NE(error_of([](Fixture& f) { f.machine.states.clear(); }).find("no states"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) { f.machine.entry_state = 3; }).find("entry state"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) { f.machine.states[1].index = 3; }).find("state 'walk'"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) {
              f.machine.states[1].kind = StateKind::BlendSpace;
            }).find("blend_space index"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) { f.machine.transitions[0].target = 5; }).find("target"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) { f.machine.transitions[0].source = -2; }).find("source"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) {
              f.machine.transitions[0].conditions.clear();
            }).find("fire every frame"),
            std::string::npos);
  EXPECT_NE(
      error_of([](Fixture& f) { f.machine.transitions[0].duration = -1.0f; }).find("duration"),
      std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) {
              f.machine.transitions[0].conditions[0].op = ConditionOp::Trigger;
            }).find("not a trigger"),
            std::string::npos);
  EXPECT_NE(error_of([](Fixture& f) {
              f.machine.transitions[0].conditions[0].parameter = 9;
            }).find("does not exist"),
            std::string::npos);
  EXPECT_NE(
      error_of([](Fixture& f) { f.machine.states[0].speed_parameter = 9; }).find("speed parameter"),
      std::string::npos);
}

TEST(StateMachine, RemoveStateDropsItsTransitionsAndRenumbers) {
  Fixture f;
  f.add(kIdle, kWalk, {greater(f.speed, 0.5f)});
  f.add(kWalk, kRun, {greater(f.speed, 1.5f)});
  f.add(kRun, kIdle, {greater(f.speed, 2.5f)});
  f.add(kAnyState, kRun, {trigger(f.jump)});
  f.machine.entry_state = kRun;
  remove_state(f.machine, kWalk);
  ASSERT_EQ(f.machine.states.size(), 2u);
  EXPECT_EQ(f.machine.states[1].name, "run");
  ASSERT_EQ(f.machine.transitions.size(), 2u);
  EXPECT_EQ(f.machine.transitions[0].source, 1);  // run -> idle, run renumbered 2 -> 1
  EXPECT_EQ(f.machine.transitions[0].target, 0);
  EXPECT_EQ(f.machine.transitions[1].source, kAnyState);
  EXPECT_EQ(f.machine.transitions[1].target, 1);
  EXPECT_EQ(f.machine.entry_state, 1);
  EXPECT_EQ(validate(f.machine, f.parameters, 3, 0), "");
  remove_state(f.machine, 1);  // the entry itself
  EXPECT_EQ(f.machine.entry_state, 0);
  EXPECT_TRUE(f.machine.transitions.empty());
  remove_state(f.machine, 5);  // out of range: nothing happens
  EXPECT_EQ(f.machine.states.size(), 1u);
}

TEST(StateMachine, EnumNamesRoundTrip) {
  for (Ease e : {Ease::Linear, Ease::Smoothstep, Ease::Bezier}) {
    Ease parsed{};
    ASSERT_TRUE(parse_ease(to_string(e), parsed));
    EXPECT_EQ(parsed, e);
  }
  for (TransitionBlend b : {TransitionBlend::CrossfadeSmooth, TransitionBlend::CrossfadeFrozen,
                            TransitionBlend::Inertialization}) {
    TransitionBlend parsed{};
    ASSERT_TRUE(parse_transition_blend(to_string(b), parsed));
    EXPECT_EQ(parsed, b);
  }
  Interruption i{};
  EXPECT_TRUE(parse_interruption("target", i));
  EXPECT_EQ(i, Interruption::Target);
  EXPECT_FALSE(parse_interruption("both", i));
  ConditionOp op{};
  EXPECT_TRUE(parse_condition_op("less", op));
  EXPECT_EQ(op, ConditionOp::Less);
  DurationUnit unit{};
  EXPECT_TRUE(parse_duration_unit("normalized", unit));
  EXPECT_EQ(unit, DurationUnit::Normalized);
}

}  // namespace
}  // namespace anim
