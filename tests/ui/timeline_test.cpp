#include "ui/timeline.h"

#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "headless_imgui.h"

namespace ui {
namespace {

using testing::HeadlessImGui;

TEST(RulerStep, SmallestOneTwoFiveStepThatIsWideEnough) {
  EXPECT_EQ(ruler_step(10.0, 5.0), 1);
  EXPECT_EQ(ruler_step(3.0, 5.0), 2);
  EXPECT_EQ(ruler_step(1.5, 5.0), 5);
  EXPECT_EQ(ruler_step(1.0, 48.0), 50);
  EXPECT_EQ(ruler_step(0.3, 48.0), 200);
  EXPECT_EQ(ruler_step(0.0, 5.0), 1'000'000'000);  // never wide enough: the cap
}

TEST(ScrubTime, LandsOnTheNearestWholeFrame) {
  const anim::Timeline timeline{2.0, 30.0};  // 60 frames over 600 px: 10 px a frame
  EXPECT_DOUBLE_EQ(scrub_time(100.0f, 100.0f, 600.0f, timeline), 0.0);
  EXPECT_DOUBLE_EQ(scrub_time(400.0f, 100.0f, 600.0f, timeline), 1.0);
  EXPECT_DOUBLE_EQ(scrub_time(314.0f, 100.0f, 600.0f, timeline), 21.0 / 30.0);  // 21.4 frames
  EXPECT_DOUBLE_EQ(scrub_time(316.0f, 100.0f, 600.0f, timeline), 22.0 / 30.0);  // 21.6 frames
  EXPECT_DOUBLE_EQ(scrub_time(-50.0f, 100.0f, 600.0f, timeline), 0.0);
  EXPECT_DOUBLE_EQ(scrub_time(9000.0f, 100.0f, 600.0f, timeline), 2.0);
  EXPECT_DOUBLE_EQ(scrub_time(400.0f, 100.0f, 0.0f, timeline), 0.0);
}

TEST(ScrubTime, PartialLastFrameIsNotReachable) {
  const anim::Timeline timeline{1.01, 30.0};  // 30.3 frames: the last whole frame is 30
  EXPECT_DOUBLE_EQ(scrub_time(1000.0f, 0.0f, 100.0f, timeline), 1.0);
}

TEST(Markers, FootContactsAreToldFromEvents) {
  EXPECT_TRUE(is_foot_contact_marker("LeftFoot_down"));
  EXPECT_TRUE(is_foot_contact_marker("r_heel_strike"));
  EXPECT_TRUE(is_foot_contact_marker("CONTACT_L"));
  EXPECT_FALSE(is_foot_contact_marker("swing_start"));
  EXPECT_FALSE(is_foot_contact_marker("hit"));
}

anim::Clip clip_with_marker() {
  anim::Clip clip;
  clip.duration_s = 2.0f;
  clip.source_fps = 30.0f;
  clip.markers = {{"foot_l_down", 0.5f}};
  anim::JointTrack track;
  track.joint_name = "hips";
  track.rotation.times_s = {0.0f, 1.0f, 2.0f};
  track.rotation.values.resize(3);
  clip.tracks = {track};
  return clip;
}

TEST(TimelineTimes, KeysForTicksMarkersAndKeysForJumps) {
  const TimelineTimes times = timeline_times(clip_with_marker());
  EXPECT_EQ(times.keys, (std::vector<double>{0.0, 1.0, 2.0}));
  EXPECT_EQ(times.jumps, (std::vector<double>{0.0, 0.5, 1.0, 2.0}));
}

class TimelineKeys : public ::testing::Test {
 protected:
  void tap(int key, bool shift = false) {
    imgui_.tap(
        key, [&] { handled_ = handle_timeline_keys(clock_, times_.jumps, cheat_sheet_); }, shift);
  }

  HeadlessImGui imgui_;
  anim::Clip clip_ = clip_with_marker();
  TimelineTimes times_ = timeline_times(clip_);
  anim::PlaybackClock clock_{anim::timeline_of(clip_)};
  bool cheat_sheet_ = false;
  bool handled_ = false;
};

TEST_F(TimelineKeys, SpaceTogglesPlayback) {
  tap(GLFW_KEY_SPACE);
  EXPECT_TRUE(handled_);
  EXPECT_TRUE(clock_.playing());
  tap(GLFW_KEY_SPACE);
  EXPECT_FALSE(clock_.playing());
}

TEST_F(TimelineKeys, ArrowsAndPunctuationStepOneFrame) {
  tap(GLFW_KEY_RIGHT);
  EXPECT_EQ(clock_.frame(), 1);
  tap(GLFW_KEY_PERIOD);
  EXPECT_EQ(clock_.frame(), 2);
  tap(GLFW_KEY_LEFT);
  EXPECT_EQ(clock_.frame(), 1);
  tap(GLFW_KEY_COMMA);
  EXPECT_EQ(clock_.frame(), 0);
}

TEST_F(TimelineKeys, ShiftArrowsGoToFirstAndLast) {
  clock_.set_playing(true);
  tap(GLFW_KEY_RIGHT, /*shift=*/true);
  EXPECT_EQ(clock_.frame(), 60);
  EXPECT_FALSE(clock_.playing());
  tap(GLFW_KEY_LEFT, /*shift=*/true);
  EXPECT_EQ(clock_.frame(), 0);
}

TEST_F(TimelineKeys, UpAndDownVisitMarkersAndKeys) {
  tap(GLFW_KEY_DOWN);
  EXPECT_DOUBLE_EQ(clock_.time_s(), 0.5);  // the foot contact
  tap(GLFW_KEY_DOWN);
  EXPECT_DOUBLE_EQ(clock_.time_s(), 1.0);  // a key
  tap(GLFW_KEY_UP);
  EXPECT_DOUBLE_EQ(clock_.time_s(), 0.5);
}

TEST_F(TimelineKeys, HTogglesTheCheatSheet) {
  tap(GLFW_KEY_H);
  EXPECT_TRUE(cheat_sheet_);
  imgui_.frame([&] { draw_timeline_cheat_sheet(cheat_sheet_); });
  tap(GLFW_KEY_H);
  EXPECT_FALSE(cheat_sheet_);
}

TEST_F(TimelineKeys, KeysAreLeftAloneWhileImGuiWantsTheKeyboard) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[GLFW_KEY_RIGHT] = true;
  imgui_.frame([&] {
    io.WantCaptureKeyboard = true;  // as when a text field has focus
    handled_ = handle_timeline_keys(clock_, times_.jumps, cheat_sheet_);
  });
  EXPECT_FALSE(handled_);
  EXPECT_EQ(clock_.frame(), 0);
}

TEST_F(TimelineKeys, NoKeyNoChange) {
  imgui_.frame([&] { handled_ = handle_timeline_keys(clock_, times_.jumps, cheat_sheet_); });
  EXPECT_FALSE(handled_);
  EXPECT_EQ(clock_.time_s(), 0.0);
}

// Draws the timeline in a fixed, undecorated window at the origin, 808 px wide: with ImGui's
// default 8 px padding the ruler spans x 8..800 and maps time onto x 16..792 (8 px margins).
void draw_in_window(anim::PlaybackClock& clock, const anim::Clip& clip, const TimelineTimes& times,
                    TimelineState& state) {
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(808.0f, 160.0f));
  ImGui::Begin(
      "timeline", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  draw_timeline(clock, clip, times, state);
  ImGui::End();
}

TEST(TimelinePanel, DraggingTheRulerScrubsToWholeFramesAndResumesPlayback) {
  HeadlessImGui imgui;
  const anim::Clip clip = clip_with_marker();
  const TimelineTimes times = timeline_times(clip);
  anim::PlaybackClock clock(anim::timeline_of(clip));
  clock.set_playing(true);
  TimelineState state;
  ImGuiIO& io = ImGui::GetIO();
  const auto frame = [&] { imgui.frame([&] { draw_in_window(clock, clip, times, state); }); };

  io.MousePos = ImVec2(16.0f + 776.0f * 0.5f, 20.0f);  // the middle of the ruler: frame 30
  frame();
  frame();
  io.MouseDown[0] = true;
  frame();
  EXPECT_TRUE(state.scrubbing);
  EXPECT_FALSE(clock.playing());
  EXPECT_EQ(clock.frame(), 30);
  EXPECT_DOUBLE_EQ(clock.time_s(), 1.0);

  io.MousePos = ImVec2(16.0f + 776.0f * 0.25f + 2.0f, 20.0f);  // 15.15 frames: frame 15
  frame();
  EXPECT_EQ(clock.frame(), 15);
  EXPECT_DOUBLE_EQ(clock.time_s(), 0.5);

  io.MousePos = ImVec2(2000.0f, 20.0f);  // past the end while dragging: the last frame
  frame();
  EXPECT_EQ(clock.frame(), 60);

  io.MouseDown[0] = false;
  frame();
  EXPECT_FALSE(state.scrubbing);
  EXPECT_TRUE(clock.playing());
  EXPECT_EQ(clock.frame(), 60);
}

TEST(TimelinePanel, ClickingBelowTheRulerDoesNotScrub) {
  HeadlessImGui imgui;
  const anim::Clip clip = clip_with_marker();
  const TimelineTimes times = timeline_times(clip);
  anim::PlaybackClock clock(anim::timeline_of(clip));
  clock.seek(0.5);
  TimelineState state;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(700.0f, 150.0f);  // inside the window, below the controls
  for (bool down : {false, false, true, false}) {
    io.MouseDown[0] = down;
    imgui.frame([&] { draw_in_window(clock, clip, times, state); });
  }
  EXPECT_FALSE(state.scrubbing);
  EXPECT_DOUBLE_EQ(clock.time_s(), 0.5);
}

}  // namespace
}  // namespace ui
