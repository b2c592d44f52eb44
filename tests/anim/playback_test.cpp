#include "anim/playback.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace anim {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

PlaybackClock playing_clock(double duration_s, double fps, PlaybackMode mode, double time_s) {
  PlaybackClock clock(Timeline{duration_s, fps});
  clock.set_mode(mode);
  clock.seek(time_s);
  clock.set_playing(true);
  return clock;
}

class StandardFrameRate : public ::testing::TestWithParam<int> {};

TEST_P(StandardFrameRate, FramesAndTimesConvertBothWays) {
  const int fps = GetParam();
  const Timeline timeline{2.0, static_cast<double>(fps)};
  EXPECT_EQ(last_frame(timeline), 2 * fps);
  EXPECT_EQ(frame_count(timeline), 2 * fps + 1);
  for (int f = 0; f <= 2 * fps; ++f) {
    const double t = frame_time(timeline, f);
    EXPECT_DOUBLE_EQ(t, static_cast<double>(f) / fps);
    EXPECT_EQ(frame_at(timeline, t), f) << "frame " << f << " at " << fps << " fps";
    // Half a frame later is still the same frame; half a frame earlier the previous one.
    EXPECT_EQ(frame_at(timeline, t + 0.5 / fps), f);
    if (f > 0) {
      EXPECT_EQ(frame_at(timeline, t - 0.5 / fps), f - 1);
    }
  }
}

TEST_P(StandardFrameRate, PlayingOneFrameOfTimePerTickAdvancesExactlyOneFrame) {
  const int fps = GetParam();
  PlaybackClock clock = playing_clock(2.0, fps, PlaybackMode::Loop, 0.0);
  const int frames_per_loop = 2 * fps;  // frame 2 * fps is time 2 s, which wraps to frame 0
  for (int tick = 1; tick <= 5 * frames_per_loop; ++tick) {
    clock.advance(1.0 / fps);
    ASSERT_EQ(clock.frame(), tick % frames_per_loop) << "tick " << tick << " at " << fps;
  }
}

INSTANTIATE_TEST_SUITE_P(Playback, StandardFrameRate, ::testing::Values(24, 25, 30, 60, 120));

TEST(Timeline, HandComputedFramesAtEachRate) {
  EXPECT_EQ(frame_at(Timeline{10.0, 24.0}, 0.5), 12);
  EXPECT_EQ(frame_at(Timeline{10.0, 25.0}, 0.4), 10);
  EXPECT_EQ(frame_at(Timeline{10.0, 30.0}, 1.0 / 3.0), 10);
  EXPECT_EQ(frame_at(Timeline{10.0, 60.0}, 1.5), 90);
  EXPECT_EQ(frame_at(Timeline{10.0, 120.0}, 0.01), 1);  // frame 1 is 8.33 ms, frame 2 16.7 ms
  EXPECT_NEAR(frame_time(Timeline{10.0, 120.0}, 1), 0.0083333, 1e-7);
  EXPECT_DOUBLE_EQ(frame_time(Timeline{10.0, 25.0}, 7), 0.28);
}

TEST(Timeline, FloatClipTimesLandOnTheirFrames) {
  // walk.fbx: 40 ticks at 30 fps, stored as a float duration that reads 39.99999 frames.
  Clip clip;
  clip.duration_s = 40.0f / 30.0f;
  clip.source_fps = 30.0f;
  const Timeline timeline = timeline_of(clip);
  EXPECT_EQ(last_frame(timeline), 40);
  EXPECT_EQ(frame_count(timeline), 41);
  EXPECT_EQ(frame_at(timeline, static_cast<float>(7.0 / 30.0)), 7);
  EXPECT_EQ(frame_at(timeline, static_cast<float>(29.0 / 30.0)), 29);
}

TEST(Timeline, PartialLastFrameIsNotCounted) {
  const Timeline timeline{1.01, 30.0};
  EXPECT_EQ(last_frame(timeline), 30);
  EXPECT_EQ(frame_at(timeline, 1.01), 30);
  EXPECT_EQ(frame_at(timeline, 5.0), 30);  // clamped
  EXPECT_EQ(frame_at(timeline, -1.0), 0);
}

TEST(Timeline, InvalidClipValuesFallBack) {
  Clip clip;
  clip.duration_s = -1.0f;
  clip.source_fps = 0.0f;
  const Timeline timeline = timeline_of(clip);
  EXPECT_EQ(timeline.duration_s, 0.0);
  EXPECT_EQ(timeline.fps, kDefaultFps);
  EXPECT_EQ(last_frame(timeline), 0);
  EXPECT_EQ(frame_at(timeline, kNaN), 0);
  // The free functions also accept an unsanitized timeline.
  EXPECT_DOUBLE_EQ(frame_time(Timeline{1.0, 0.0}, 3), 0.1);
}

TEST(WrapTime, LoopWrapsBothWays) {
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Loop, 2.5, 1.0), 0.5);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Loop, -0.25, 1.0), 0.75);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Loop, 3.0, 1.5), 0.0);
  EXPECT_LT(wrap_time(PlaybackMode::Loop, -1e-20, 1.0), 1.0);
}

TEST(WrapTime, OnceClamps) {
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Once, -1.0, 2.0), 0.0);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Once, 1.25, 2.0), 1.25);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::Once, 3.0, 2.0), 2.0);
}

TEST(WrapTime, PingPongIsATriangleWave) {
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::PingPong, 0.25, 1.0), 0.25);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::PingPong, 1.0, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::PingPong, 1.25, 1.0), 0.75);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::PingPong, 2.25, 1.0), 0.25);
  EXPECT_DOUBLE_EQ(wrap_time(PlaybackMode::PingPong, -0.25, 1.0), 0.25);
}

TEST(WrapTime, DegenerateInputsGiveZero) {
  EXPECT_EQ(wrap_time(PlaybackMode::Loop, 1.0, 0.0), 0.0);
  EXPECT_EQ(wrap_time(PlaybackMode::PingPong, kNaN, 1.0), 0.0);
  EXPECT_EQ(wrap_time(PlaybackMode::Once, 1.0, kNaN), 0.0);
}

TEST(PlaybackClock, OneHourOfLoopingDoesNotDrift) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Loop, 0.0);
  const int ticks = 60 * 60 * 60;  // one hour at 60 Hz
  for (int i = 0; i < ticks; ++i) clock.advance(1.0 / 60.0);
  // An exact number of loops: back at the start (or a hair before it, which wraps to 0).
  const double off = std::min(clock.time_s(), 1.0 - clock.time_s());
  EXPECT_LT(off, 1e-9);
  for (int i = 0; i < 30; ++i) clock.advance(1.0 / 60.0);
  EXPECT_NEAR(clock.time_s(), 0.5, 1e-9);
  EXPECT_EQ(clock.frame(), 15);
}

TEST(PlaybackClock, ReverseLoopWrapsToTheEnd) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Loop, 0.1);
  clock.set_reverse(true);
  clock.advance(0.3);
  EXPECT_NEAR(clock.time_s(), 0.8, 1e-12);
  EXPECT_TRUE(clock.playing());
}

TEST(PlaybackClock, PingPongBouncesAndFlipsDirection) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::PingPong, 0.8);
  clock.advance(0.5);  // 0.2 to the end, 0.3 back
  EXPECT_NEAR(clock.time_s(), 0.7, 1e-12);
  EXPECT_TRUE(clock.running_backwards());
  clock.advance(0.9);  // 0.7 to the start, 0.2 forward
  EXPECT_NEAR(clock.time_s(), 0.2, 1e-12);
  EXPECT_FALSE(clock.running_backwards());
  clock.advance(2.3);  // one whole round trip (2.0), then 0.3 forward
  EXPECT_NEAR(clock.time_s(), 0.5, 1e-12);
  EXPECT_FALSE(clock.running_backwards());
  EXPECT_TRUE(clock.playing());
}

// The bounce turns the playhead around; the user's Reverse stays as the user set it.
TEST(PlaybackClock, PingPongBouncesLeaveReverseAsSet) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::PingPong, 0.8);
  clock.advance(0.5);
  EXPECT_TRUE(clock.running_backwards());
  EXPECT_FALSE(clock.reverse());
  clock.set_reverse(true);  // Reverse ticked while coming back: forward again
  EXPECT_FALSE(clock.running_backwards());
  clock.advance(0.1);
  EXPECT_NEAR(clock.time_s(), 0.8, 1e-12);
  clock.set_mode(PlaybackMode::Loop);  // a new mode forgets the bounces
  EXPECT_TRUE(clock.running_backwards());
}

TEST(PlaybackClock, PingPongStartedInReverseFromTheStartGoesForward) {
  PlaybackClock clock = playing_clock(2.0, 30.0, PlaybackMode::PingPong, 0.0);
  clock.set_reverse(true);
  clock.advance(0.5);
  EXPECT_NEAR(clock.time_s(), 0.5, 1e-12);
  EXPECT_FALSE(clock.running_backwards());
  EXPECT_TRUE(clock.reverse());
}

TEST(PlaybackClock, OnceStopsAtTheEndAndSpaceReplays) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Once, 0.9);
  clock.advance(0.5);
  EXPECT_EQ(clock.time_s(), 1.0);
  EXPECT_FALSE(clock.playing());
  EXPECT_EQ(clock.frame(), 30);
  clock.toggle_playing();
  EXPECT_TRUE(clock.playing());
  EXPECT_EQ(clock.time_s(), 0.0);
}

TEST(PlaybackClock, OnceInReverseStopsAtTheStartAndReplaysFromTheEnd) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Once, 0.2);
  clock.set_reverse(true);
  clock.advance(0.5);
  EXPECT_EQ(clock.time_s(), 0.0);
  EXPECT_FALSE(clock.playing());
  clock.toggle_playing();
  EXPECT_EQ(clock.time_s(), 1.0);
}

TEST(PlaybackClock, PauseResumesWhereItWas) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Once, 0.4);
  clock.toggle_playing();
  EXPECT_FALSE(clock.playing());
  clock.advance(0.3);
  EXPECT_EQ(clock.time_s(), 0.4);
  clock.toggle_playing();
  EXPECT_EQ(clock.time_s(), 0.4);  // not at the end: no restart
}

TEST(PlaybackClock, SpeedScalesTimeAndIsClamped) {
  PlaybackClock clock = playing_clock(10.0, 30.0, PlaybackMode::Loop, 0.0);
  clock.set_speed(0.25);
  clock.advance(1.0);
  EXPECT_DOUBLE_EQ(clock.time_s(), 0.25);
  clock.set_speed(-1.0);
  EXPECT_EQ(clock.speed(), 0.0);
  clock.advance(1.0);
  EXPECT_DOUBLE_EQ(clock.time_s(), 0.25);
  clock.set_speed(100.0);
  EXPECT_EQ(clock.speed(), PlaybackClock::kMaxSpeed);
  clock.set_speed(kNaN);
  EXPECT_EQ(clock.speed(), PlaybackClock::kMaxSpeed);
}

TEST(PlaybackClock, InvalidTimesAreIgnored) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Loop, 0.5);
  clock.advance(kNaN);
  clock.advance(-0.2);
  clock.seek(kNaN);
  EXPECT_EQ(clock.time_s(), 0.5);
  clock.seek(7.0);
  EXPECT_EQ(clock.time_s(), 1.0);
  clock.seek(-7.0);
  EXPECT_EQ(clock.time_s(), 0.0);
}

TEST(PlaybackClock, StepFromBetweenFramesLandsOnTheNeighbours) {
  PlaybackClock clock = playing_clock(1.0, 30.0, PlaybackMode::Loop, 3.5 / 30.0);
  clock.step_frames(1);
  EXPECT_EQ(clock.frame(), 4);
  EXPECT_FALSE(clock.playing());
  clock.seek(3.5 / 30.0);
  clock.step_frames(-1);
  EXPECT_EQ(clock.frame(), 3);
  EXPECT_DOUBLE_EQ(clock.time_s(), 3.0 / 30.0);
  clock.step_frames(-1);
  EXPECT_EQ(clock.frame(), 2);
  clock.step_frames(5);
  EXPECT_EQ(clock.frame(), 7);
}

TEST(PlaybackClock, StepWrapsInLoopAndStopsOtherwise) {
  PlaybackClock loop(Timeline{1.0, 24.0});
  loop.step_frames(-1);
  EXPECT_EQ(loop.frame(), 24);
  loop.step_frames(1);
  EXPECT_EQ(loop.frame(), 0);
  for (PlaybackMode mode : {PlaybackMode::Once, PlaybackMode::PingPong}) {
    PlaybackClock clock(Timeline{1.0, 24.0});
    clock.set_mode(mode);
    clock.step_frames(-1);
    EXPECT_EQ(clock.frame(), 0);
    clock.go_to_last();
    clock.step_frames(3);
    EXPECT_EQ(clock.frame(), 24);
  }
}

TEST(PlaybackClock, FirstAndLastAreWholeFramesAndPause) {
  PlaybackClock clock = playing_clock(1.01, 30.0, PlaybackMode::Loop, 0.5);
  clock.go_to_last();
  EXPECT_FALSE(clock.playing());
  EXPECT_EQ(clock.frame(), 30);
  EXPECT_DOUBLE_EQ(clock.time_s(), 1.0);
  clock.go_to_first();
  EXPECT_EQ(clock.time_s(), 0.0);
  clock.seek_frame(99);
  EXPECT_EQ(clock.frame(), 30);
  clock.seek_frame(-5);
  EXPECT_EQ(clock.frame(), 0);
}

TEST(PlaybackClock, NewTimelineKeepsThePlayheadWhereItFits) {
  PlaybackClock clock = playing_clock(2.0, 30.0, PlaybackMode::Loop, 1.5);
  clock.set_timeline(Timeline{3.0, 60.0});
  EXPECT_EQ(clock.time_s(), 1.5);
  EXPECT_EQ(clock.frame(), 90);
  EXPECT_TRUE(clock.playing());
  clock.set_timeline(Timeline{1.0, 60.0});
  EXPECT_EQ(clock.time_s(), 1.0);
}

Clip clip_with_markers_and_keys() {
  Clip clip;
  clip.duration_s = 1.0f;
  clip.source_fps = 30.0f;
  clip.markers = {{"foot_r_down", 0.5f}, {"foot_l_down", 0.25f}, {"late", 2.0f}};
  JointTrack a;
  a.joint_name = "a";
  a.rotation.times_s = {0.0f, 0.5f, 1.0f};
  a.rotation.values.resize(3);
  JointTrack b;
  b.joint_name = "b";
  b.translation.times_s = {0.0f, 1.0f / 3.0f};
  b.translation.values.resize(2);
  b.scale.times_s = {0.5000001f};  // the same time as a key of a, within float error
  b.scale.values.resize(1);
  clip.tracks = {a, b};
  return clip;
}

TEST(EventTimes, MarkersKeysOrBothSortedAndMerged) {
  const Clip clip = clip_with_markers_and_keys();
  const std::vector<double> markers = event_times(clip, TimelineEvents::Markers);
  ASSERT_EQ(markers.size(), 3u);
  EXPECT_DOUBLE_EQ(markers[0], 0.25);
  EXPECT_DOUBLE_EQ(markers[1], 0.5);
  EXPECT_DOUBLE_EQ(markers[2], 1.0);  // 2.0 clamped to the duration
  const std::vector<double> keys = event_times(clip, TimelineEvents::Keys);
  ASSERT_EQ(keys.size(), 4u);
  EXPECT_DOUBLE_EQ(keys[0], 0.0);
  EXPECT_NEAR(keys[1], 1.0 / 3.0, 1e-7);
  EXPECT_NEAR(keys[2], 0.5, 1e-7);
  EXPECT_DOUBLE_EQ(keys[3], 1.0);
  EXPECT_EQ(event_times(clip, TimelineEvents::MarkersAndKeys).size(), 5u);
}

TEST(PlaybackClock, NextAndPreviousEventSkipTheOneUnderThePlayhead) {
  const std::vector<double> events =
      event_times(clip_with_markers_and_keys(), TimelineEvents::MarkersAndKeys);
  PlaybackClock clock(Timeline{1.0, 30.0});
  EXPECT_FALSE(clock.go_to_previous_event(events));
  EXPECT_EQ(clock.time_s(), 0.0);
  ASSERT_TRUE(clock.go_to_next_event(events));
  EXPECT_DOUBLE_EQ(clock.time_s(), 0.25);
  ASSERT_TRUE(clock.go_to_next_event(events));
  EXPECT_NEAR(clock.time_s(), 1.0 / 3.0, 1e-7);
  ASSERT_TRUE(clock.go_to_next_event(events));
  EXPECT_NEAR(clock.time_s(), 0.5, 1e-7);
  ASSERT_TRUE(clock.go_to_previous_event(events));
  EXPECT_NEAR(clock.time_s(), 1.0 / 3.0, 1e-7);
  clock.seek(0.9);
  ASSERT_TRUE(clock.go_to_next_event(events));
  EXPECT_EQ(clock.time_s(), 1.0);
  EXPECT_FALSE(clock.go_to_next_event(events));
  EXPECT_EQ(clock.time_s(), 1.0);
  EXPECT_FALSE(clock.go_to_next_event({}));
}

}  // namespace
}  // namespace anim
