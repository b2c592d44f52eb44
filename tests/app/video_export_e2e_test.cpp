// End to end: the viewer exports the clip on its timeline as a video through the Export video
// dialog's code (--export-video drives it), one frame per UI frame through its camera, encoded
// while the next frame renders: an MP4 of the viewport's (even) size with one frame per step of
// the range, and the clip plays on afterwards.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "video_probe.h"
#include "viewer_process.h"

namespace {

// The state log's last line once the export runs with at least frames frames done (or the last
// line read after 12 s).
nlohmann::json wait_for_export_frames(const std::filesystem::path& log, int frames) {
  nlohmann::json state;
  for (int i = 0; i < 600; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["video_export"]["running"].get<bool>() &&
        state["video_export"]["done"].get<int>() >= frames)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return state;
}

}  // namespace

TEST(VideoExportWindow, ExportsTheRangeAsAVideoOfTheViewport) {
  std::string why;
  if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  // The wave is keyed at 120 fps: the video plays it at 60, so [0, 0.5 s) is 30 frames.
  e2e::ViewerProcess viewer(
      dir, {"--clip", "wave", "--export-video", "out/wave.mp4", "--export-from", "0", "--export-to",
            "0.5", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state;
  int saw_running = 0;
  for (int i = 0; i < 1200; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["video_export"]["running"].get<bool>()) ++saw_running;
    if (state.is_object() && state["video_export"]["total"] == 30 &&
        !state["video_export"]["running"].get<bool>())
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(state.is_object()) << viewer.errors();
  EXPECT_TRUE(state["errors"].empty()) << state["errors"].dump();
  ASSERT_EQ(state["video_export"]["done"], 30) << state.dump();
  const auto mp4 = dir / "out" / "wave.mp4";
  EXPECT_EQ(state["status"], "exported 30 frames to " + mp4.string());
  EXPECT_GT(saw_running, 0) << "the export ran within one UI frame";

  const probe::Video video = probe::read(mp4);
  ASSERT_EQ(video.streams.size(), 1u);
  const probe::Stream& v = video.streams[0];
  EXPECT_EQ(v.codec, "h264");
  EXPECT_EQ(v.frames, 30);
  EXPECT_NEAR(v.duration_s, 0.5, 1e-6);
  // The viewport is the window less its panels, made even for 4:2:0.
  EXPECT_GT(v.width, 100);
  EXPECT_LT(v.width, 1280);
  EXPECT_LT(v.height, 720);
  EXPECT_EQ(v.width % 2, 0);
  EXPECT_EQ(v.height % 2, 0);
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "wave.mp4.partial"));

  // The clip plays on after the export.
  const double after = state["timeline"]["time"];
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  state = e2e::last_json_line(log);
  EXPECT_TRUE(state["timeline"]["playing"].get<bool>());
  EXPECT_NE(state["timeline"]["time"].get<double>(), after);
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}

// Quitting while the export runs ends it as Cancel does (the unfinished writer is dropped):
// neither the video nor its temporary file is left.
TEST(VideoExportWindow, QuittingMidExportLeavesNoFile) {
  std::string why;
  if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  // The whole 2 s wave at 60 fps: 120 frames, long enough to quit in the middle.
  e2e::ViewerProcess viewer(
      dir, {"--clip", "wave", "--export-video", "out/wave.mp4", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state = wait_for_export_frames(log, 3);
  ASSERT_TRUE(state.is_object()) << viewer.errors();
  ASSERT_TRUE(state["video_export"]["running"].get<bool>()) << state.dump();
  ASSERT_LT(state["video_export"]["done"].get<int>(), 120);
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "wave.mp4.partial"));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  EXPECT_TRUE(std::filesystem::is_empty(dir / "out"));
  std::filesystem::remove_all(dir);
}

// Clicking the dialog's Cancel with the real mouse (xdotool) while the export runs stops it:
// the status says so, and neither the video nor its temporary file is left.
TEST(VideoExportWindow, ClickingCancelLeavesNoFile) {
  std::string why;
  if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  // 20 s of the looping wave at 60 fps: 1200 frames, long enough to click in the middle.
  e2e::ViewerProcess viewer(dir, {"--clip", "wave", "--export-video", "out/wave.mp4", "--export-to",
                                  "20", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  // A few frames in: the dialog has settled where it stays (its first frame places it before it
  // knows its height).
  nlohmann::json state = wait_for_export_frames(log, 5);
  ASSERT_TRUE(state.is_object()) << viewer.errors();
  ASSERT_TRUE(state["video_export"]["running"].get<bool>()) << state.dump();
  // Pressed and released a few frames apart, as a hand clicks (the export slows the frames).
  const int x = static_cast<int>(state["video_export"]["cancel_at"][0].get<float>());
  const int y = static_cast<int>(state["video_export"]["cancel_at"][1].get<float>());
  e2e::run_and_read("xdotool mousemove --window " + window + " " + std::to_string(x) + " " +
                    std::to_string(y) + " sleep 0.5 mousedown 1 sleep 0.4 mouseup 1");
  for (int i = 0; i < 500; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && !state["video_export"]["running"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_FALSE(state["video_export"]["running"].get<bool>()) << state.dump();
  EXPECT_LT(state["video_export"]["done"].get<int>(), 1200) << "stopped before the end";
  EXPECT_EQ(state["status"], "video export cancelled: no file written");
  EXPECT_TRUE(state["errors"].empty()) << state["errors"].dump();
  EXPECT_TRUE(std::filesystem::is_empty(dir / "out"));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
