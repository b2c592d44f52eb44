// End to end: the timeline's keys through the real window (xdotool key presses), read back from
// the viewer's state log: Space pauses, Right/Left step one frame, Shift+Right/Left jump to the
// last/first frame.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

nlohmann::json last_timeline(const std::filesystem::path& log) {
  const nlohmann::json state = e2e::last_json_line(log);
  return state.is_object() && state.contains("timeline") ? state["timeline"] : nullptr;
}

// Sends keys, then waits until the viewer has drawn a few frames after them (however slowly it
// draws on a busy machine) and returns the timeline the log then shows.
nlohmann::json press(e2e::ViewerProcess& viewer, const std::string& window, const std::string& keys,
                     const std::filesystem::path& log) {
  viewer.send_keys(window, keys);
  const nlohmann::json state = e2e::wait_for_frames(log, 5, std::chrono::seconds(30));
  EXPECT_TRUE(state.is_object()) << "the viewer drew no frames after " << keys;
  return state.is_object() && state.contains("timeline") ? state["timeline"] : nullptr;
}

}  // namespace

TEST(TimelineWindow, SpaceArrowsAndShiftArrowsDriveThePlayhead) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--clip", "walk_forward", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json t;
  for (int i = 0; i < 300 && !(t = last_timeline(log)).is_object(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(t.is_object()) << "the viewer never previewed walk_forward";
  EXPECT_TRUE(t["playing"].get<bool>());
  // Keys go to the timeline only while the mouse is not over a widget: park it in the viewport.
  e2e::run_and_read("xdotool mousemove --window " + window + " 600 300");

  t = press(viewer, window, "space", log);
  EXPECT_FALSE(t["playing"].get<bool>()) << "Space pauses";
  EXPECT_EQ(press(viewer, window, "space", log)["playing"], true) << "Space plays again";
  t = press(viewer, window, "space", log);
  const int frame = t["frame"];
  const int last = t["last_frame"];
  ASSERT_GT(last, 10);

  t = press(viewer, window, "Right", log);
  EXPECT_EQ(t["frame"].get<int>(), frame == last ? 0 : frame + 1) << "Right steps one frame";
  t = press(viewer, window, "shift+Right", log);
  EXPECT_EQ(t["frame"].get<int>(), last) << "Shift+Right goes to the last frame";
  t = press(viewer, window, "shift+Left", log);
  EXPECT_EQ(t["frame"].get<int>(), 0) << "Shift+Left goes to the first frame";
  EXPECT_NEAR(t["time"].get<double>(), 0.0, 1e-9);
  t = press(viewer, window, "period", log);
  EXPECT_EQ(t["frame"].get<int>(), 1) << "'.' steps forward like Right";
  EXPECT_FALSE(t["playing"].get<bool>()) << "stepping keeps the clip paused";

  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
