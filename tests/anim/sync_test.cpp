#include "anim/sync.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "marked_clip.h"

namespace anim {
namespace {

TEST(Sync, NormalizedTimeKeepsClipsOfDifferentLengthInPhaseOverManyLoops) {
  const Clip walk = testing::marked_clip("walk", 1.0f);
  const Clip run = testing::marked_clip("run", 1.5f);
  const std::array<const Clip*, 2> clips{&walk, &run};
  const SyncGroup group = build_sync_group(clips);
  EXPECT_FALSE(group.by_markers);
  EXPECT_EQ(group.fallback_reason, "");

  const std::array<float, 2> weights{0.5f, 0.5f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(group, weights), 1.25f);
  double phase = 0.0;
  const float dt = 1.0f / 60.0f;
  for (int frame = 1; frame <= 6000; ++frame) {  // 100 s, 80 cycles
    phase = wrap_phase(group, advance_phase(group, weights, phase, dt));
    const float walk_t = clip_time_at_phase(group, 0, phase);
    const float run_t = clip_time_at_phase(group, 1, phase);
    ASSERT_NEAR(walk_t / 1.0f, run_t / 1.5f, 1e-5f) << "frame " << frame;
  }
  // 100 s at a 1.25 s cycle is exactly 80 cycles: back at phase 0 (or a hair below 1).
  const double drift = std::min(phase, 1.0 - phase);
  EXPECT_NEAR(drift, 0.0, 1e-3);
}

TEST(Sync, PlaybackRateIsTheWeightAveragedDuration) {
  const Clip a = testing::marked_clip("a", 1.0f);
  const Clip b = testing::marked_clip("b", 2.0f);
  const std::array<const Clip*, 2> clips{&a, &b};
  const SyncGroup group = build_sync_group(clips);
  // Weights 3:1 (not normalized): cycle = (3 * 1 + 1 * 2) / 4 = 1.25 s, so 0.5 s is 0.4 cycle.
  const std::array<float, 2> weights{3.0f, 1.0f};
  EXPECT_NEAR(advance_phase(group, weights, 0.0, 0.5f), 0.4, 1e-6);
  // Unwrapped clip times tell how far each clip played: 2.5 cycles = 2.5 s of a, 5 s of b.
  EXPECT_NEAR(unwrapped_clip_time(group, 0, 2.5) - unwrapped_clip_time(group, 0, 0.0), 2.5, 1e-6);
  EXPECT_NEAR(unwrapped_clip_time(group, 1, 2.5) - unwrapped_clip_time(group, 1, 0.0), 5.0, 1e-6);
}

TEST(Sync, WrappedClipTimeBringsAnUnwrappedTimeIntoTheClip) {
  const Clip a = testing::marked_clip("a", 1.5f);
  const std::array<const Clip*, 1> clips{&a};
  const SyncGroup group = build_sync_group(clips);
  // 3.25 s is two loops of 1.5 s and 0.25 s; -0.5 s is 1 s into the loop before; a whole number
  // of loops is the clip's start.
  EXPECT_FLOAT_EQ(wrapped_clip_time(group, 0, 3.25), 0.25f);
  EXPECT_FLOAT_EQ(wrapped_clip_time(group, 0, -0.5), 1.0f);
  EXPECT_EQ(wrapped_clip_time(group, 0, 4.5), 0.0f);
  // The same time as clip_time_at_phase at the phase the unwrapped time came from: phase 2.25 is
  // 2.25 loops, 3.375 s unwrapped, 0.375 s into the clip.
  EXPECT_DOUBLE_EQ(unwrapped_clip_time(group, 0, 2.25), 3.375);
  EXPECT_EQ(wrapped_clip_time(group, 0, unwrapped_clip_time(group, 0, 2.25)),
            clip_time_at_phase(group, 0, 2.25));
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 0, 2.25), 0.375f);
}

// A short walk with contacts at 0.1 (left) and 0.6 (right); a long run whose file starts with
// the right contact: 0.2 (right) and 1.0 (left).
const Clip kWalk =
    testing::marked_clip("walk", 1.0f, {{"foot_l_down", 0.1f}, {"foot_r_down", 0.6f}});
const Clip kRun = testing::marked_clip("run", 1.6f, {{"foot_r_down", 0.2f}, {"foot_l_down", 1.0f}});

TEST(Sync, MarkersLineUpLeftFootDownAcrossClipsOfDifferentLength) {
  const std::array<const Clip*, 2> clips{&kWalk, &kRun};
  const SyncGroup group = build_sync_group(clips);
  ASSERT_TRUE(group.by_markers) << group.fallback_reason;
  EXPECT_EQ(group.segment_count, 2);
  EXPECT_EQ(group.marker_names, (std::vector<std::string>{"foot_l_down", "foot_r_down"}));
  // Phase 0 is left foot down in both.
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 0, 0.0), 0.1f);
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 1, 0.0), 1.0f);

  // Segments last 0.5 s (walk) and 0.8 s (run): blended 0.25 * 0.5 + 0.75 * 0.8 = 0.725 s.
  const std::array<float, 2> weights{0.25f, 0.75f};
  EXPECT_FLOAT_EQ(blended_segment_duration(group, weights, 0), 0.725f);
  const float dt = 0.725f / 29.0f;
  double phase = 0.0;
  for (int frame = 1; frame <= 29 * 101; ++frame) {  // 101 segments, 50.5 cycles
    phase = wrap_phase(group, advance_phase(group, weights, phase, dt));
    // Both clips are always at the same place between the same two contacts.
    ASSERT_NEAR(phase_at_clip_time(group, 0, clip_time_at_phase(group, 0, phase)),
                phase_at_clip_time(group, 1, clip_time_at_phase(group, 1, phase)), 1e-4)
        << "frame " << frame;
  }
  // After an odd number of segments both are on the right foot contact.
  EXPECT_NEAR(phase, 1.0, 1e-3);
  EXPECT_NEAR(clip_time_at_phase(group, 0, phase), 0.6f, 1e-3f);
  EXPECT_NEAR(clip_time_at_phase(group, 1, phase), 0.2f, 1e-3f);
}

TEST(Sync, PhaseInsideASegmentMapsLinearlyBetweenItsMarkers) {
  const Clip uneven =
      testing::marked_clip("uneven", 1.0f, {{"foot_l_down", 0.1f}, {"foot_r_down", 0.4f}});
  const std::array<const Clip*, 2> clips{&uneven, &kRun};
  const SyncGroup group = build_sync_group(clips);
  ASSERT_TRUE(group.by_markers);
  // Half way through segment 0: 0.1 + 0.5 * 0.3 and 1.0 + 0.5 * 0.8.
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 0, 0.5), 0.25f);
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 1, 0.5), 1.4f);
  // Half way through segment 1 (0.4 -> 1.1 and 1.8 -> 2.6, wrapped): 0.75 and 2.2 - 1.6.
  EXPECT_FLOAT_EQ(clip_time_at_phase(group, 0, 1.5), 0.75f);
  EXPECT_NEAR(clip_time_at_phase(group, 1, 1.5), 0.6f, 1e-6f);
  EXPECT_NEAR(phase_at_clip_time(group, 1, 0.6f), 1.5, 1e-6);
  // Weights 1:0 cross segment 0 in uneven's 0.3 s, segment 1 in its 0.7 s.
  const std::array<float, 2> only_uneven{1.0f, 0.0f};
  EXPECT_NEAR(advance_phase(group, only_uneven, 0.0, 0.3f + 0.35f), 1.5, 1e-6);
}

TEST(Sync, BackwardsAndLargeStepsAgreeWithSmallForwardSteps) {
  const std::array<const Clip*, 2> clips{&kWalk, &kRun};
  const SyncGroup group = build_sync_group(clips);
  const std::array<float, 2> weights{0.6f, 0.4f};
  const double there = advance_phase(group, weights, 0.3, 0.9f);
  EXPECT_NEAR(advance_phase(group, weights, there, -0.9f), 0.3, 1e-6);

  double stepped = 0.0;
  for (int i = 0; i < 1000; ++i) stepped = advance_phase(group, weights, stepped, 0.037f);
  const double jumped = advance_phase(group, weights, 0.0, 37.0f);
  EXPECT_NEAR(jumped, stepped, 1e-3);
  // 37 s over a 0.6 * 1.0 + 0.4 * 1.6 = 1.24 s cycle of 2 segments.
  EXPECT_NEAR(jumped, 2.0 * 37.0 / 1.24, 1e-3);
}

// An idle that takes no steps (no foot markers) among gaits that do (#41): 4 s of breathing
// must not slow a 1.111 s walk cycle.
const Clip kIdle = testing::marked_clip("idle", 4.0f);
const Clip kSlowWalk =
    testing::marked_clip("walk", 1.111f, {{"foot_l_down", 0.1f}, {"foot_r_down", 0.6555f}});

TEST(Sync, AnIdleWithoutStepsFollowsTheStepsPaceInsteadOfSlowingIt) {
  const std::array<const Clip*, 2> clips{&kIdle, &kSlowWalk};
  const SyncGroup group = build_sync_group(clips);
  EXPECT_EQ(group.sets_pace, (std::vector<bool>{false, true}));
  // The demo's weights at 0.75 m/s: the weight-average would be 0.464 * 4 + 0.536 * 1.111 =
  // 2.45 s; the walk alone, renormalised, sets 1.111 s.
  const std::array<float, 2> weights{0.464f, 0.536f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(group, weights), 1.111f);
  EXPECT_FLOAT_EQ(blended_segment_duration(group, weights, 0), 1.111f);
  // One walk cycle of time is one whole phase cycle: the walk plays at its own speed and the idle
  // follows at the same normalized time (4 s of it in 1.111 s).
  const double phase = advance_phase(group, weights, 0.0, 1.111f);
  EXPECT_NEAR(phase, 1.0, 1e-6);
  EXPECT_NEAR(unwrapped_clip_time(group, 1, phase), 1.111, 1e-6);
  EXPECT_NEAR(unwrapped_clip_time(group, 0, phase), 4.0, 1e-5);
  // Standing still, the idle plays at its own 4 s.
  const std::array<float, 2> idle_only{1.0f, 0.0f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(group, idle_only), 4.0f);
  EXPECT_NEAR(advance_phase(group, idle_only, 0.0, 1.0f), 0.25, 1e-6);
}

TEST(Sync, GaitsAmongAnIdleKeepTheirRenormalisedWeightedCycle) {
  const std::array<const Clip*, 3> clips{&kWalk, &kRun, &kIdle};
  const SyncGroup group = build_sync_group(clips);
  EXPECT_FALSE(group.by_markers);  // the idle has no markers: normalized time
  EXPECT_EQ(group.sets_pace, (std::vector<bool>{true, true, false}));
  // Walk 1 s and run 1.6 s at 0.3 and 0.1 (the idle's 0.6 left out): (0.3 + 0.16) / 0.4 = 1.15 s.
  const std::array<float, 3> weights{0.3f, 0.1f, 0.6f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(group, weights), 1.15f);
  // Without the idle the two gaits keep the plain weighted cycle, 0.6 * 1.0 + 0.4 * 1.6 = 1.24 s.
  const std::array<float, 3> gaits{0.6f, 0.4f, 0.0f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(group, gaits), 1.24f);
  // Clips without foot markers all set the pace when none has any.
  const Clip other_idle = testing::marked_clip("other_idle", 2.0f);
  const std::array<const Clip*, 2> plain{&kIdle, &other_idle};
  const SyncGroup idles = build_sync_group(plain);
  EXPECT_EQ(idles.sets_pace, (std::vector<bool>{true, true}));
  const std::array<float, 2> halves{0.5f, 0.5f};
  EXPECT_FLOAT_EQ(blended_cycle_duration(idles, halves), 3.0f);
}

TEST(Sync, FallsBackToNormalizedTimeAndSaysWhy) {
  const Clip plain = testing::marked_clip("plain", 1.0f, {{"jump", 0.5f}});
  const std::array<const Clip*, 2> missing{&kWalk, &plain};
  const SyncGroup a = build_sync_group(missing);
  EXPECT_FALSE(a.by_markers);
  EXPECT_EQ(a.fallback_reason,
            "clip 'plain' has no foot markers: playing in normalized time instead");

  const Clip triple = testing::marked_clip(
      "triple", 1.0f, {{"foot_l_down", 0.0f}, {"foot_l_down", 0.3f}, {"foot_r_down", 0.6f}});
  const std::array<const Clip*, 2> order{&kWalk, &triple};
  EXPECT_EQ(build_sync_group(order).fallback_reason,
            "clip 'triple''s foot markers come in a different order or number: playing in "
            "normalized time instead");

  const Clip clash =
      testing::marked_clip("clash", 1.0f, {{"foot_l_down", 0.5f}, {"foot_r_down", 0.5f}});
  const std::array<const Clip*, 1> same_time{&clash};
  EXPECT_EQ(build_sync_group(same_time).fallback_reason,
            "clip 'clash' has two foot markers at the same time: playing in normalized time "
            "instead");
  EXPECT_TRUE(is_sync_marker("foot_r_up"));
  EXPECT_FALSE(is_sync_marker("footstep_sound"));
}

// synced_clip_time: where a compared clip B plays while clip A's playhead moves.
TEST(SyncedClipTime, SamePhaseScalesAsPhaseToBsDuration) {
  // A (walk, 1.2 s) at 0.3 s is a quarter through; B (run, 0.8 s) is a quarter through too.
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, 0.3, 1.2, 0.8), 0.2);
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, 0.9, 1.2, 2.0), 1.5);
  // A Once clip standing at its end holds B at its end.
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Once, 1.2, 1.2, 0.8), 0.8);
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, 0.0, 1.2, 0.8), 0.0);
}

TEST(SyncedClipTime, SameSecondsWrapsClampsOrBouncesAsTheTimelineMode) {
  // A at 1.3 s of 2 s against B of 0.8 s: Loop wraps to 0.5, Once stops at 0.8, PingPong has
  // come back 0.5 s from B's end: 0.3.
  EXPECT_NEAR(synced_clip_time(TimeSync::Seconds, PlaybackMode::Loop, 1.3, 2.0, 0.8), 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Seconds, PlaybackMode::Once, 1.3, 2.0, 0.8), 0.8);
  EXPECT_NEAR(synced_clip_time(TimeSync::Seconds, PlaybackMode::PingPong, 1.3, 2.0, 0.8), 0.3,
              1e-12);
  // Within B's length the time is A's.
  EXPECT_DOUBLE_EQ(synced_clip_time(TimeSync::Seconds, PlaybackMode::Loop, 0.25, 2.0, 0.8), 0.25);
}

TEST(SyncedClipTime, DegenerateDurationsAndNonFiniteTimesGiveZero) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, 0.5, 0.0, 0.8), 0.0);
  EXPECT_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, 0.5, 1.0, 0.0), 0.0);
  EXPECT_EQ(synced_clip_time(TimeSync::Seconds, PlaybackMode::Loop, 0.5, 1.0, 0.0), 0.0);
  EXPECT_EQ(synced_clip_time(TimeSync::Phase, PlaybackMode::Loop, nan, 1.0, 0.8), 0.0);
}

TEST(SyncedClipTime, FollowsAReversedClockAcrossTheLoopSeam) {
  // A's clock: 1 s at 30 fps, at 0.1 s, playing backwards. 0.2 s later it has wrapped to 0.9 s,
  // phase 0.9: B (0.5 s) at 0.45 s; in seconds, 0.9 s wraps into B at 0.4 s.
  anim::PlaybackClock clock(anim::Timeline{1.0, 30.0});
  clock.seek(0.1);
  clock.set_reverse(true);
  clock.set_playing(true);
  clock.advance(0.2);
  ASSERT_NEAR(clock.time_s(), 0.9, 1e-12);
  EXPECT_NEAR(synced_clip_time(TimeSync::Phase, clock.mode(), clock.time_s(), 1.0, 0.5), 0.45,
              1e-12);
  EXPECT_NEAR(synced_clip_time(TimeSync::Seconds, clock.mode(), clock.time_s(), 1.0, 0.5), 0.4,
              1e-12);
}

// unwrapped_clip_time as it was before its fast path within the cycle: floor for every phase.
double unwrapped_by_floor(const SyncGroup& group, int clip, double phase) {
  const double n = group.segment_count;
  const double cycles = std::floor(phase / n);
  const double wrapped = phase - cycles * n;
  const int k = std::clamp(static_cast<int>(wrapped), 0, group.segment_count - 1);
  const std::vector<float>& starts = group.segment_starts_s[static_cast<std::size_t>(clip)];
  const double start = starts[static_cast<std::size_t>(k)];
  const double end = k + 1 < group.segment_count
                         ? starts[static_cast<std::size_t>(k) + 1]
                         : starts[0] + group.durations_s[static_cast<std::size_t>(clip)];
  return cycles * group.durations_s[static_cast<std::size_t>(clip)] + start +
         (wrapped - k) * (end - start);
}

// The groups of the tests above: normalized time, two markers a clip, an idle among steps (in
// normalized time, the idle not setting the pace).
std::vector<SyncGroup> sample_groups() {
  const Clip uneven =
      testing::marked_clip("uneven", 1.0f, {{"foot_l_down", 0.1f}, {"foot_r_down", 0.4f}});
  const Clip plain = testing::marked_clip("plain", 1.3f);
  const std::array<const Clip*, 2> normalized{&plain, &kIdle};
  const std::array<const Clip*, 3> markers{&uneven, &kRun, &kWalk};
  const std::array<const Clip*, 3> idle_among_steps{&kIdle, &kSlowWalk, &kWalk};
  std::vector<SyncGroup> groups = {build_sync_group(normalized), build_sync_group(markers),
                                   build_sync_group(idle_among_steps)};
  EXPECT_FALSE(groups[0].by_markers);
  EXPECT_EQ(groups[1].segment_count, 2);
  EXPECT_FALSE(groups[2].sets_pace[0]);
  return groups;
}

// A pace measured once advances every phase by every step exactly as the weights do: random
// weights (some clips out, all out), phases in and out of the cycle, steps back and forth, short
// and of many cycles.
TEST(Sync, APaceMeasuredOnceAdvancesExactlyAsItsWeights) {
  std::mt19937 random(46);
  std::uniform_real_distribution<float> weight(-0.5f, 1.0f);  // below 0: out of the blend
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const SyncGroup& group : sample_groups()) {
    std::vector<float> weights(group.durations_s.size());
    BlendedPace pace;
    for (int i = 0; i < 3000; ++i) {
      for (float& w : weights) w = std::max(weight(random), 0.0f);
      measure_pace(group, weights, pace);
      ASSERT_EQ(pace.segment_s.size(), static_cast<std::size_t>(group.segment_count));
      const double phase = 3.0 * group.segment_count * unit(random);
      const float dt = static_cast<float>(i % 3 == 0 ? 5.0 * unit(random) : 0.05 * unit(random));
      ASSERT_EQ(advance_phase(group, pace, phase, dt), advance_phase(group, weights, phase, dt))
          << "phase " << phase << " dt " << dt;
    }
  }
}

// measure_pace sums the cycle and the segments in one pass over the clips (or over the list of
// those that weigh): the same durations, bit for bit, as blended_cycle_duration and
// blended_segment_duration, also for a cycle of more segments than one pass takes (twenty
// markers a clip).
TEST(Sync, MeasuredPaceIsTheBlendedDurationsBitForBit) {
  std::vector<SyncGroup> groups = sample_groups();
  std::vector<Marker> many_markers;
  for (int k = 0; k < 20; ++k) {
    many_markers.push_back(
        {k % 2 == 0 ? "foot_l_down" : "foot_r_down", 0.05f * k + 0.01f * (k % 3)});
  }
  std::vector<Marker> slower_markers = many_markers;
  std::vector<Marker> faster_markers = many_markers;
  for (Marker& m : slower_markers) m.time_s *= 1.37f;
  for (Marker& m : faster_markers) m.time_s *= 0.8f;
  const Clip many = testing::marked_clip("many", 1.0f, many_markers);
  const Clip slower = testing::marked_clip("slower", 1.37f, slower_markers);
  const Clip faster = testing::marked_clip("faster", 0.8f, faster_markers);
  const std::array<const Clip*, 3> many_segments{&many, &slower, &faster};
  groups.push_back(build_sync_group(many_segments));
  ASSERT_EQ(groups.back().segment_count, 20);
  std::mt19937 random(46);
  std::uniform_real_distribution<float> weight(-0.5f, 1.0f);  // below 0: out of the blend
  for (const SyncGroup& group : groups) {
    std::vector<float> weights(group.durations_s.size());
    BlendedPace pace;
    BlendedPace listed;  // measured over the list of the clips that weigh
    for (int i = 0; i < 3000; ++i) {
      for (float& w : weights) w = std::max(weight(random), 0.0f);
      measure_pace(group, weights, pace);
      std::vector<std::uint32_t> weighed;
      for (std::size_t clip = 0; clip < weights.size(); ++clip) {
        if (weights[clip] > 0.0f) weighed.push_back(static_cast<std::uint32_t>(clip));
      }
      measure_pace(group, weights, weighed, listed);
      ASSERT_EQ(pace.cycle_s, blended_cycle_duration(group, weights));
      ASSERT_EQ(listed.cycle_s, pace.cycle_s);
      for (int segment = 0; segment < group.segment_count; ++segment) {
        const auto k = static_cast<std::size_t>(segment);
        ASSERT_EQ(pace.segment_s[k], blended_segment_duration(group, weights, segment))
            << "segment " << segment;
        ASSERT_EQ(listed.segment_s[k], pace.segment_s[k]) << "segment " << segment;
      }
    }
  }
}

// unwrapped_clip_time skips floor within the cycle: the same times as with it, at random phases
// in and out of the cycle and at its edges.
TEST(Sync, UnwrappedClipTimeWithinTheCycleIsTheFloorFormulas) {
  std::mt19937 random(46);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const SyncGroup& group : sample_groups()) {
    const double n = group.segment_count;
    std::vector<double> phases = {
        0.0, -0.0, std::nextafter(n, 0.0), n, std::nextafter(0.0, -1.0), std::nextafter(1.0, 0.0),
        1.0};
    for (int i = 0; i < 3000; ++i) phases.push_back(3.0 * n * unit(random));
    for (int clip = 0; clip < static_cast<int>(group.durations_s.size()); ++clip) {
      for (double phase : phases) {
        ASSERT_EQ(unwrapped_clip_time(group, clip, phase), unwrapped_by_floor(group, clip, phase))
            << "clip " << clip << " phase " << phase;
      }
    }
  }
}

}  // namespace
}  // namespace anim
