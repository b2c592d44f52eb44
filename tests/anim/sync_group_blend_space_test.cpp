// Blend-space states in sync groups (#41): a blend-space state's normalized time is its blend's
// shared phase over the segment count; it leads, follows and enters on the marker phase like a
// clip state, also two steps against one.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "anim/state_machine.h"
#include "anim/sync_group.h"

#include "marked_clip.h"

namespace anim {
namespace {

// The clips (seconds):
//   walk (2 s): foot_l_down 0.2, foot_r_down 1.2: one step of each foot per cycle.
//   jog  (1 s): foot_l_down 0.3, foot_r_down 0.7.
//   run  (1 s): foot_l_down 0.1, foot_r_down 0.35, foot_l_down 0.6, foot_r_down 0.8: two steps
//               of each foot per cycle.
// The blend spaces: "strides" blends walk and jog (2 segments: left step, right step); "double"
// plays the run (4 segments: left, right, left, right). Their lengths are given by hand: 1.5 s
// and 1 s. dt = 1/8 s: the walk advances 1/16 of its cycle per update, strides 1/12, double 1/8.
constexpr float kDt = 0.125f;
constexpr float kTolerance = 1e-4f;
enum : int { kWalkClip = 0, kJogClip = 1, kRunClip = 2 };
enum : int { kStrides = 0, kDouble = 1 };
enum : int { kWalk = 0, kStridesState = 1, kDoubleState = 2, kRun = 3 };

struct Fixture {
  std::vector<Clip> clips = {
      testing::marked_clip("", 2.0f, {{"foot_l_down", 0.2f}, {"foot_r_down", 1.2f}}),
      testing::marked_clip("", 1.0f, {{"foot_l_down", 0.3f}, {"foot_r_down", 0.7f}}),
      testing::marked_clip("", 1.0f,
                           {{"foot_l_down", 0.1f},
                            {"foot_r_down", 0.35f},
                            {"foot_l_down", 0.6f},
                            {"foot_r_down", 0.8f}})};
  std::vector<float> clip_lengths = {2.0f, 1.0f, 1.0f};
  std::vector<float> blend_lengths = {1.5f, 1.0f};
  std::vector<SyncGroup> blends;
  Parameters parameters;
  StateMachine machine;
  StateSyncMarkers markers;
  StateMachinePlayer player;
  int go = -1;

  // States walk, strides, double and run, all in group "loco", entry `entry`, with a transition
  // from the entry to target on "go".
  Fixture(int entry, int target, float duration_s = 0.0f, float offset = 0.0f) {
    blends.push_back(build_sync_group(std::array<const Clip*, 2>{&clips[0], &clips[1]}));
    blends.push_back(build_sync_group(std::array<const Clip*, 1>{&clips[2]}));
    go = parameters.add("go", ParameterType::Bool);
    machine.states = {{"walk", StateKind::Clip, kWalkClip},
                      {"strides", StateKind::BlendSpace, kStrides},
                      {"double", StateKind::BlendSpace, kDouble},
                      {"run", StateKind::Clip, kRunClip}};
    for (State& s : machine.states) s.sync_group = "loco";
    machine.entry_state = entry;
    Transition t;
    t.source = entry;
    t.target = target;
    t.conditions = {{go, ConditionOp::True, 0.0f}};
    t.duration = duration_s;
    t.offset = offset;
    machine.transitions.push_back(t);
  }

  void start() {
    ASSERT_EQ(validate(machine, parameters, 3, 2), "");
    markers = build_state_sync_markers(machine, clips, blends);
    player.init(machine, nullptr, &markers);
  }

  void step(int n = 1, float dt_s = kDt) {
    for (int i = 0; i < n; ++i) player.update(dt_s, parameters, {clip_lengths, blend_lengths});
  }

  void play_then_go(int updates) {
    step(updates - 1);
    parameters.set(go, 1.0f);
    step();
  }

  float time_of(SourceKind kind, int index) const {
    for (const WeightedSource& s : player.sources()) {
      if (s.kind == kind && s.index == index) return s.normalized_time;
    }
    return -1.0f;
  }
};

TEST(SyncGroupBlendSpace, BlendSpaceStatesTakePartWithTheirBlendsPhase) {
  Fixture f(kWalk, kStridesState);
  f.machine.states[kDoubleState].loop = false;
  f.start();
  const StateSyncMarkers::Entry& strides = f.markers.states[kStridesState];
  ASSERT_TRUE(strides.takes_part);
  EXPECT_TRUE(strides.timeline.by_markers);
  EXPECT_EQ(strides.timeline.segment_count, 2);
  EXPECT_EQ(strides.timeline.segment_starts_s[0], (std::vector<float>{0.0f, 0.5f}));
  EXPECT_EQ(strides.timeline.marker_names,
            (std::vector<std::string>{"foot_l_down", "foot_r_down"}));
  EXPECT_FALSE(f.markers.states[kDoubleState].takes_part) << "it does not loop";
  EXPECT_TRUE(share_sync_group(f.machine, f.markers, kWalk, kStridesState));
  // Without the blends' phase sync the blend-space states cannot take part.
  const StateSyncMarkers clips_only = build_state_sync_markers(f.machine, f.clips);
  EXPECT_FALSE(clips_only.states[kStridesState].takes_part);
}

TEST(SyncGroupBlendSpace, BlendSpaceStateEntersAtTheClipLeadersFraction) {
  // 4 updates: the walk is at 0.25 (0.5 s), 0.3 of the way from foot_l_down to foot_r_down.
  // Strides enters 0.3 into its left step: phase 0.3 of 2, 0.15.
  Fixture strides(kWalk, kStridesState);
  strides.start();
  strides.play_then_go(4);
  EXPECT_EQ(strides.player.active_state(), kStridesState);
  EXPECT_NEAR(strides.time_of(SourceKind::BlendSpace, kStrides), 0.15f, kTolerance);
  EXPECT_EQ(strides.player.sync_status().leader, kWalk);
  EXPECT_TRUE(strides.player.sync_status().by_markers);
  // Two steps against one: double has the left step twice, at phases 0.3 and 2.3 of 4 (0.075 and
  // 0.575); forward from offset 0 finds the first, from offset 0.5 the second.
  for (const auto& [offset, expected] : {std::pair{0.0f, 0.075f}, std::pair{0.5f, 0.575f}}) {
    Fixture f(kWalk, kDoubleState, 0.0f, offset);
    f.start();
    f.play_then_go(4);
    EXPECT_NEAR(f.time_of(SourceKind::BlendSpace, kDouble), expected, kTolerance)
        << "offset " << offset;
  }
}

TEST(SyncGroupBlendSpace, ClipStateEntersAtTheBlendLeadersFraction) {
  // Strides advances 1/12 per update: after 4 it is at 1/3, phase 2/3 of 2, 2/3 of its left
  // step. The walk enters at 0.2 + 2/3 * 1.0 = 0.8667 s (0.4333); the run's first left step,
  // 0.1 + 2/3 * 0.25 = 0.2667.
  for (const auto& [target, clip, expected] :
       {std::tuple{kWalk, kWalkClip, 0.8666667f / 2.0f}, std::tuple{kRun, kRunClip, 0.2666667f}}) {
    Fixture f(kStridesState, target);
    f.start();
    f.play_then_go(4);
    EXPECT_EQ(f.player.active_state(), target);
    EXPECT_NEAR(f.time_of(SourceKind::Clip, clip), expected, kTolerance) << "target " << target;
    EXPECT_EQ(f.player.sync_status().leader, kStridesState);
  }
  // Double at 5/8 after 5 updates: phase 2.5 of 4, half way through its second left step. The
  // walk's one left step: 0.2 + 0.5 * 1.0 = 0.7 s, 0.35.
  Fixture f(kDoubleState, kWalk);
  f.start();
  f.play_then_go(5);
  EXPECT_NEAR(f.time_of(SourceKind::Clip, kWalkClip), 0.35f, kTolerance);
}

TEST(SyncGroupBlendSpace, ClipAndBlendSpaceFollowEachOtherThroughACrossfade) {
  Fixture f(kWalk, kStridesState, 1.0f);  // an 8-update linear crossfade
  f.start();
  f.play_then_go(4);  // strides enters at 0.15 (the test above)
  // The walk weighs more and leads: strides follows at half the walk's fraction f = 2 t - 0.2.
  for (float walk : {0.3125f, 0.375f, 0.4375f}) {
    f.step();
    EXPECT_NEAR(f.time_of(SourceKind::Clip, kWalkClip), walk, kTolerance);
    EXPECT_NEAR(f.time_of(SourceKind::BlendSpace, kStrides), (2.0f * walk - 0.2f) / 2.0f,
                kTolerance);
    EXPECT_EQ(f.player.sync_status().leader, kWalk);
  }
  // Weights 0.5 each: strides leads, from 0.3375 by 1/12 to 0.420833, phase 0.841667 (its left
  // step); the walk follows to 0.2 + 0.841667 = 1.041667 s, 0.520833.
  f.step();
  EXPECT_EQ(f.player.sync_status().leader, kStridesState);
  EXPECT_EQ(f.player.sync_status().follower, kWalk);
  EXPECT_NEAR(f.time_of(SourceKind::BlendSpace, kStrides), 0.420833f, kTolerance);
  EXPECT_NEAR(f.time_of(SourceKind::Clip, kWalkClip), 0.520833f, kTolerance);
}

// The foot of the last foot_*_down marker at or before normalized time t: of a clip from its
// markers, of a blend from its phase's segment names.
char last_down_foot_of_clip(const Clip& clip, float t) {
  const float time_s = t * clip.duration_s;
  char foot = '?';
  float latest = -1.0f;
  for (const Marker& m : clip.markers) {
    if (!m.name.ends_with("_down")) continue;
    // A marker after time_s passed one loop earlier.
    const float ago = m.time_s <= time_s ? time_s - m.time_s : time_s + clip.duration_s - m.time_s;
    if (latest < 0.0f || ago < latest) {
      latest = ago;
      foot = m.name[5];
    }
  }
  return foot;
}

char last_down_foot_of_blend(const SyncGroup& blend, float t) {
  const int n = blend.segment_count;
  const int segment = std::min(static_cast<int>(t * n), n - 1);
  for (int back = 0; back < n; ++back) {
    const std::string& name = blend.marker_names[(segment - back + n) % n];
    if (name.ends_with("_down")) return name[5];
  }
  return '?';
}

// Walk (clip) to double (the run's blend, two steps per foot per cycle) and back, triggered at
// 40 evenly spaced times of the source's cycle: the entered state's last foot down is the
// source's, and stays so through the 0.4 s crossfade.
TEST(SyncGroupBlendSpace, WalkToRunAndBackNeverSwapFeetAtFortyTriggerTimes) {
  int checked = 0;
  for (const int source : {kWalk, kDoubleState}) {
    const int target = source == kWalk ? kDoubleState : kWalk;
    for (int k = 0; k < 40; ++k) {
      Fixture f(source, target, 0.4f);
      f.start();
      const float cycle_s = source == kWalk ? f.clip_lengths[kWalkClip] : f.blend_lengths[kDouble];
      if (k > 0) f.step(k, cycle_s / 40.0f);
      f.parameters.set(f.go, 1.0f);
      f.step(1, 0.0f);  // fires at exactly k / 40 of the source's cycle
      ASSERT_EQ(f.player.active_state(), target);
      for (int frame = 1; frame <= 24; ++frame) {  // the target weighs 0 when it fires
        f.step(1, 1.0f / 60.0f);
        const float walk = f.time_of(SourceKind::Clip, kWalkClip);
        const float run = f.time_of(SourceKind::BlendSpace, kDouble);
        if (walk < 0.0f || run < 0.0f) break;  // the crossfade is over
        ASSERT_EQ(last_down_foot_of_clip(f.clips[kWalkClip], walk),
                  last_down_foot_of_blend(f.blends[kDouble], run))
            << "trigger " << k << "/40 from state " << source << ", frame " << frame << ": walk at "
            << walk << ", run at " << run;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 80 * 20) << "the crossfades were checked frame by frame";
}

// A walk whose foot_r_up comes before its foot_r_down and a run whose comes after share no
// interval of the full sequence: their foot_*_down markers alone still line up the steps.
TEST(SyncGroupBlendSpace, DownMarkersLineUpWhenTheFullSequencesDoNotCorrespond) {
  const std::vector<Clip> clips = {testing::marked_clip("", 2.0f,
                                                        {{"foot_l_down", 0.2f},
                                                         {"foot_r_up", 0.3f},
                                                         {"foot_r_down", 1.2f},
                                                         {"foot_l_up", 1.35f}}),
                                   testing::marked_clip("", 1.0f,
                                                        {{"foot_l_down", 0.1f},
                                                         {"foot_l_up", 0.2f},
                                                         {"foot_r_down", 0.6f},
                                                         {"foot_r_up", 0.7f}})};
  StateMachine machine;
  machine.states = {{"walk", StateKind::Clip, 0}, {"run", StateKind::Clip, 1}};
  for (State& s : machine.states) s.sync_group = "loco";
  const StateSyncMarkers markers = build_state_sync_markers(machine, clips);
  EXPECT_EQ(markers.states[0].steps.marker_names,
            (std::vector<std::string>{"foot_l_down", "foot_r_down"}));
  // The walk at 0.25 (0.5 s), 0.3 of the way from foot_l_down to foot_r_down: the run 0.3 of the
  // way from 0.1 to 0.6, 0.25.
  const auto synced = sync_to_leader(machine, &markers, 0, 0.25f, 1, 0.0f, SyncSearch::Forward);
  ASSERT_TRUE(synced.has_value());
  EXPECT_TRUE(synced->by_markers);
  EXPECT_NEAR(synced->normalized_time, 0.25f, kTolerance);
}

}  // namespace
}  // namespace anim
