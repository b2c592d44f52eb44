#include "anim/sync_group.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "anim/state_machine.h"

#include "marked_clip.h"

namespace anim {
namespace {

// The clips, with foot markers at hand-picked times (seconds):
//   walk (2 s): foot_l_down 0.2, foot_r_down 1.2: one step of each foot per cycle.
//   jog  (1 s): foot_l_down 0.3, foot_r_down 0.7: intervals of 0.4 and 0.6.
//   run  (1 s): foot_l_down 0.1, foot_r_down 0.35, foot_l_down 0.6, foot_r_down 0.8: two steps of
//               each foot per cycle, intervals 0.25, 0.25, 0.2 and 0.3.
//   skip (1 s): markers of other names (no interval corresponds): normalized time.
// dt = 1/8 s: the walk advances 1/16 of its cycle per update, the others 1/8.
constexpr float kDt = 0.125f;
constexpr float kTolerance = 1e-4f;
enum : int { kWalk = 0, kJog = 1, kRun = 2, kSkip = 3 };

std::vector<Clip> make_clips() {
  return {testing::marked_clip("walk", 2.0f, {{"foot_l_down", 0.2f}, {"foot_r_down", 1.2f}}),
          testing::marked_clip("jog", 1.0f, {{"foot_l_down", 0.3f}, {"foot_r_down", 0.7f}}),
          testing::marked_clip("run", 1.0f,
                               {{"foot_l_down", 0.1f},
                                {"foot_r_down", 0.35f},
                                {"foot_l_down", 0.6f},
                                {"foot_r_down", 0.8f}}),
          testing::marked_clip("skip", 1.0f, {{"foot_hop", 0.5f}})};
}

// One state per clip, all in group "loco", with a transition from walk to each of the others on
// the "go" bool.
struct Fixture {
  std::vector<Clip> clips = make_clips();
  std::vector<float> lengths;
  Parameters parameters;
  StateMachine machine;
  StateSyncMarkers markers;
  StateMachinePlayer player;
  int go = -1;

  explicit Fixture(int target, float duration_s = 0.0f, float offset = 0.0f) {
    for (const Clip& c : clips) lengths.push_back(c.duration_s);
    go = parameters.add("go", ParameterType::Bool);
    machine.name = "locomotion";
    for (int i = 0; i < static_cast<int>(clips.size()); ++i) {
      machine.states.push_back({clips[i].name, StateKind::Clip, i});
      machine.states.back().sync_group = "loco";
    }
    Transition t;
    t.source = kWalk;
    t.target = target;
    t.conditions = {{go, ConditionOp::True, 0.0f}};
    t.duration = duration_s;
    t.offset = offset;
    machine.transitions.push_back(t);
  }

  void start() {
    ASSERT_EQ(validate(machine, parameters, static_cast<int>(clips.size()), 0), "");
    markers = build_state_sync_markers(machine, clips);
    player.init(machine, nullptr, &markers);
  }

  void step(int n = 1) {
    for (int i = 0; i < n; ++i) player.update(kDt, parameters, {lengths, {}});
  }

  // Plays the walk for `updates` updates, the last of which fires the transition.
  void walk_then_go(int updates) {
    step(updates - 1);
    parameters.set(go, 1.0f);
    step();
  }

  float time_of(int clip) const {
    for (const WeightedSource& s : player.sources()) {
      if (s.kind == SourceKind::Clip && s.index == clip) return s.normalized_time;
    }
    return -1.0f;
  }
};

// The name of the foot marker that last passed at normalized time t of clip.
std::string last_marker(const Clip& clip, float t) {
  const SyncGroup timeline = build_sync_group(std::span<const Clip* const>(std::array{&clip}));
  const double phase = phase_at_clip_time(timeline, 0, t * clip.duration_s);
  return timeline.marker_names[static_cast<int>(phase)];
}

TEST(SyncGroup, EnteringStateStartsAtTheLeadersFractionBetweenTheSameMarkers) {
  Fixture f(kJog);
  f.start();
  // 4 updates: the walk is at 0.25 (0.5 s), 0.3 of the way from foot_l_down (0.2 s) to
  // foot_r_down (1.2 s); the jog enters 0.3 of the way from 0.3 s to 0.7 s: 0.42.
  f.walk_then_go(4);
  EXPECT_EQ(f.player.active_state(), kJog);
  EXPECT_NEAR(f.time_of(kJog), 0.42f, kTolerance);
  EXPECT_EQ(f.player.sync_status().leader, kWalk);
  EXPECT_EQ(f.player.sync_status().follower, kJog);
  EXPECT_TRUE(f.player.sync_status().by_markers);
}

TEST(SyncGroup, FollowLeaderMapsEachIntervalAcrossTheLoop) {
  const std::vector<Clip> clips = make_clips();
  std::vector<SyncGroup> timelines;
  for (const Clip& c : clips) {
    timelines.push_back(build_sync_group(std::span<const Clip* const>(std::array{&c})));
  }
  // Walk at 1.5 s: 0.3 from foot_r_down (1.2 s) to foot_l_down (2.2 s); the jog's right-to-left
  // interval runs from 0.7 to 1.3: 0.88.
  SyncedPhase p =
      follow_leader(timelines[kWalk], 0.75f, timelines[kJog], 0.0f, SyncSearch::Forward);
  EXPECT_TRUE(p.by_markers);
  EXPECT_NEAR(p.normalized_time, 0.88f, kTolerance);
  // Walk at 0.1 s, before its first marker: 0.9 of the way from foot_r_down (1.2 s, a loop
  // earlier) to foot_l_down (0.2 s); jog 0.7 + 0.9 * 0.6 = 1.24, wrapped 0.24.
  p = follow_leader(timelines[kWalk], 0.05f, timelines[kJog], 0.0f, SyncSearch::Forward);
  EXPECT_NEAR(p.normalized_time, 0.24f, kTolerance);
  // The same walk time against the run's two right-to-left intervals: 0.35 + 0.9 * 0.25 = 0.575
  // and 0.8 + 0.9 * 0.3 = 1.07 (0.07). Forward from 0 finds 0.07; nearest to 0.5 finds 0.575.
  p = follow_leader(timelines[kWalk], 0.05f, timelines[kRun], 0.0f, SyncSearch::Forward);
  EXPECT_NEAR(p.normalized_time, 0.07f, kTolerance);
  p = follow_leader(timelines[kWalk], 0.05f, timelines[kRun], 0.5f, SyncSearch::Nearest);
  EXPECT_NEAR(p.normalized_time, 0.575f, kTolerance);
}

TEST(SyncGroup, TwoStepsAgainstOneEnterAtTheNextMatchingMarkerFromTheOffset) {
  // The walk 0.3 of the way from foot_l_down to foot_r_down. The run has that interval twice:
  // 0.1 + 0.3 * 0.25 = 0.175 and 0.6 + 0.3 * 0.2 = 0.66.
  for (const auto& [offset, expected] : {std::pair{0.0f, 0.175f}, std::pair{0.5f, 0.66f}}) {
    Fixture f(kRun, 0.0f, offset);
    f.start();
    f.walk_then_go(4);
    EXPECT_EQ(f.player.active_state(), kRun);
    EXPECT_NEAR(f.time_of(kRun), expected, kTolerance) << "offset " << offset;
    EXPECT_EQ(last_marker(f.clips[kRun], f.time_of(kRun)), "foot_l_down");
  }
}

TEST(SyncGroup, FollowerStaysLockedAndLeadershipSwitchesWhenTheWeightsCross) {
  Fixture f(kRun, 1.0f);  // an 8-update linear crossfade
  f.start();
  f.walk_then_go(4);  // the run enters at 0.175 (the test above)
  // While the walk weighs more it leads: it plays on at 1/16 per update and the run follows,
  // 0.1 + 0.25 * f at the walk's fraction f = (2 t - 0.2) from foot_l_down to foot_r_down.
  const float walk_times[] = {0.3125f, 0.375f, 0.4375f};
  for (float walk : walk_times) {
    f.step();
    const float fraction = 2.0f * walk - 0.2f;
    EXPECT_NEAR(f.time_of(kWalk), walk, kTolerance);
    EXPECT_NEAR(f.time_of(kRun), 0.1f + 0.25f * fraction, kTolerance);
    EXPECT_EQ(f.player.sync_status().leader, kWalk);
    EXPECT_EQ(f.player.sync_status().follower, kRun);
  }
  // Update 4 of the crossfade: weights 0.5 each, the target leads. The run plays on by 1/8 from
  // 0.26875 to 0.39375, 0.175 of the way from foot_r_down (0.35) to foot_l_down (0.6); the walk
  // follows to 1.2 + 0.175 * 1.0 = 1.375 s, 0.6875.
  f.step();
  EXPECT_EQ(f.player.sync_status().leader, kRun);
  EXPECT_EQ(f.player.sync_status().follower, kWalk);
  EXPECT_NEAR(f.time_of(kRun), 0.39375f, kTolerance);
  EXPECT_NEAR(f.time_of(kWalk), 0.6875f, kTolerance);
  // Update 5: run 0.51875, 0.675 of that interval; walk 1.2 + 0.675 = 1.875 s, 0.9375.
  f.step();
  EXPECT_NEAR(f.time_of(kRun), 0.51875f, kTolerance);
  EXPECT_NEAR(f.time_of(kWalk), 0.9375f, kTolerance);
  // The crossfade ends after update 8: nothing follows any more.
  f.step(3);
  EXPECT_FALSE(f.player.transition().running);
  EXPECT_EQ(f.player.sync_status().leader, -1);
}

TEST(SyncGroup, MarkersThatDoNotCorrespondFallBackToNormalizedTime) {
  Fixture f(kSkip);
  f.start();
  f.walk_then_go(4);
  EXPECT_NEAR(f.time_of(kSkip), 0.25f, kTolerance);
  EXPECT_FALSE(f.player.sync_status().by_markers);
  EXPECT_EQ(f.player.sync_status().follower, kSkip);
}

TEST(SyncGroup, StatesInOtherGroupsOrWithoutTimelinesKeepTheOffset) {
  Fixture other(kJog, 0.0f, 0.5f);
  other.machine.states[kJog].sync_group = "other";
  other.start();
  other.walk_then_go(4);
  EXPECT_NEAR(other.time_of(kJog), 0.5f, kTolerance);
  EXPECT_EQ(other.player.sync_status().leader, -1);

  Fixture unsynced(kJog, 0.0f, 0.5f);
  unsynced.start();
  unsynced.player.init(unsynced.machine);  // no timelines: groups are ignored
  unsynced.walk_then_go(4);
  EXPECT_NEAR(unsynced.time_of(kJog), 0.5f, kTolerance);
}

TEST(SyncGroup, OnlyLoopingClipStatesTakePart) {
  Fixture f(kJog);
  f.machine.states[kRun].loop = false;
  f.machine.states[kSkip].sync_group.clear();
  const StateSyncMarkers markers = build_state_sync_markers(f.machine, f.clips);
  ASSERT_EQ(markers.states.size(), 4u);
  EXPECT_TRUE(markers.states[kWalk].takes_part);
  EXPECT_TRUE(markers.states[kJog].takes_part);
  EXPECT_FALSE(markers.states[kRun].takes_part);
  EXPECT_FALSE(markers.states[kSkip].takes_part);
  EXPECT_TRUE(share_sync_group(f.machine, markers, kWalk, kJog));
  EXPECT_FALSE(share_sync_group(f.machine, markers, kWalk, kRun));
  EXPECT_FALSE(share_sync_group(f.machine, markers, kWalk, kWalk));
}

// Walk and run back and forth with crossfades of different lengths and uneven frame times: on
// every update, each playing state is in the interval that starts with the same foot.
TEST(SyncGroup, WalkToRunTransitionsNeverSwapFeet) {
  Fixture f(kRun, 0.4f);
  Transition back = f.machine.transitions[0];
  back.source = kRun;
  back.target = kWalk;
  back.conditions = {{f.go, ConditionOp::False, 0.0f}};
  back.duration = 0.7f;
  f.machine.transitions.push_back(back);
  f.start();
  const float frame_times[] = {1.0f / 60.0f, 1.0f / 30.0f, 0.021f, 1.0f / 144.0f, 0.05f};
  int checked = 0;
  for (int frame = 0; frame < 3000; ++frame) {
    if (frame % 97 == 0) f.parameters.set(f.go, f.parameters.get(f.go) == 0.0f ? 1.0f : 0.0f);
    f.player.update(frame_times[frame % 5], f.parameters, {f.lengths, {}});
    const float walk = f.time_of(kWalk);
    const float run = f.time_of(kRun);
    if (walk < 0.0f || run < 0.0f) continue;  // one state alone
    ASSERT_EQ(last_marker(f.clips[kWalk], walk), last_marker(f.clips[kRun], run))
        << "frame " << frame << ": walk at " << walk << ", run at " << run;
    ++checked;
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace anim
