// The frames a playblast plans: fixed steps at the video's rate over [from, to), the turntable's
// angle, the wrap past the clip's end, the defaults, and the burn-in text.
#include "app/playblast_plan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

using app::PlayblastFrame;
using app::PlayblastRequest;

TEST(PlayblastPlan, OneFramePerStepOfTheRangeEndExcluded) {
  PlayblastRequest request;
  request.from_s = 0.5;
  request.to_s = 1.5;
  request.fps = 24.0;
  request.clip_duration_s = 2.0;
  std::vector<PlayblastFrame> frames;
  ASSERT_EQ(app::plan_playblast(request, frames), "");
  ASSERT_EQ(frames.size(), 24u);
  EXPECT_EQ(frames[0].index, 0);
  EXPECT_DOUBLE_EQ(frames[0].time_s, 0.5);
  EXPECT_DOUBLE_EQ(frames[12].time_s, 1.0);
  EXPECT_DOUBLE_EQ(frames[23].time_s, 0.5 + 23.0 / 24.0);
  EXPECT_EQ(frames[23].index, 23);
}

TEST(PlayblastPlan, TheTurntableTurnsEvenlyAndReachesItsAngleAfterTheLastFrame) {
  PlayblastRequest request;
  request.to_s = 1.0;
  request.fps = 4.0;
  request.clip_duration_s = 1.0;
  request.turntable_deg = 360.0;
  std::vector<PlayblastFrame> frames;
  ASSERT_EQ(app::plan_playblast(request, frames), "");
  ASSERT_EQ(frames.size(), 4u);
  // A whole turn loops: the frame after the last would be the first again.
  for (int n = 0; n < 4; ++n)
    EXPECT_NEAR(frames[n].turntable_rad, n * std::numbers::pi / 2.0, 1e-12);
}

TEST(PlayblastPlan, TimesPastTheClipsEndLoopTheClip) {
  PlayblastRequest request;
  request.to_s = 3.0;
  request.fps = 2.0;
  request.clip_duration_s = 1.25;
  std::vector<PlayblastFrame> frames;
  ASSERT_EQ(app::plan_playblast(request, frames), "");
  ASSERT_EQ(frames.size(), 6u);
  EXPECT_DOUBLE_EQ(frames[2].time_s, 1.0);
  EXPECT_DOUBLE_EQ(frames[3].time_s, 0.25);  // 1.5 s
  EXPECT_DOUBLE_EQ(frames[5].time_s, 0.0);   // 2.5 s
}

TEST(PlayblastPlan, RefusesEachBadValueNamingIt) {
  struct Case {
    PlayblastRequest request;
    std::string cause;
  };
  auto with = [](double from, double to, double fps) {
    PlayblastRequest r;
    r.from_s = from;
    r.to_s = to;
    r.fps = fps;
    return r;
  };
  const std::vector<Case> cases{
      {with(0.0, NAN, 30.0), "not finite"},  {with(0.0, 1.0, 0.0), "frame rate"},
      {with(-1.0, 1.0, 30.0), "before 0 s"}, {with(1.0, 1.0, 30.0), "before it starts"},
      {with(0.0, 1e6, 60.0), "more than"},
  };
  for (const Case& c : cases) {
    std::vector<PlayblastFrame> frames(3);
    const std::string error = app::plan_playblast(c.request, frames);
    EXPECT_NE(error.find(c.cause), std::string::npos) << error;
    EXPECT_TRUE(frames.empty());
  }
}

TEST(PlayblastPlan, TheDefaultRateIsTheClipsAtMostTheCap) {
  EXPECT_EQ(app::default_playblast_fps(24.0, 60.0), 24.0);
  EXPECT_EQ(app::default_playblast_fps(120.0, 60.0), 60.0);
  EXPECT_EQ(app::default_playblast_fps(120.0, 50.0), 50.0);
  EXPECT_EQ(app::default_playblast_fps(0.0, 60.0), 60.0);
}

TEST(PlayblastPlan, TimecodeCountsFramesWithinEachSecond) {
  EXPECT_EQ(app::timecode(0, 30.0), "00:00:00:00");
  EXPECT_EQ(app::timecode(29, 30.0), "00:00:00:29");
  EXPECT_EQ(app::timecode(30, 30.0), "00:00:01:00");
  EXPECT_EQ(app::timecode(24 * 3661 + 5, 24.0), "01:01:01:05");
}

TEST(PlayblastPlan, OverlayNamesTheFileAndClipAndCountsTheFrame) {
  const PlayblastFrame frame{45, 1.5, 0.0};
  const std::vector<std::string> lines =
      app::overlay_lines("demo.glb", "walk", frame, 60, 30.0, true);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "demo.glb  walk");
  EXPECT_EQ(lines[1], "frame 45/60  00:00:01:15  clip 1.500 s");
  // A replay's timecode is its time: no clip time to show.
  const std::vector<std::string> replayed =
      app::overlay_lines("demo.glb", "recording drag.json", frame, 60, 30.0, false);
  EXPECT_EQ(replayed[0], "demo.glb  recording drag.json");
  EXPECT_EQ(replayed[1], "frame 45/60  00:00:01:15");
}
