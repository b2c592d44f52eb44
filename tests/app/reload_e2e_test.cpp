// End to end: a file that changes on disk is reloaded while the viewer runs, and the timeline
// keeps its clip and its playhead.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"

TEST(ReloadWindow, AChangedFileIsReloadedKeepingTheClipAndThePlayhead) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto model = dir / "demo.glb";
  ASSERT_EQ(
      std::system(
          (std::string(ANIMVIEW_EXE) + " export-demo " + model.string() + " > /dev/null").c_str()),
      0);
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir,
                            {model.string(), "--clip", "jog_left", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state;
  for (int i = 0; i < 300; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state.contains("timeline")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(state.is_object() && state.contains("timeline")) << viewer.errors();
  EXPECT_EQ(state["load_count"], 1);
  e2e::run_and_read("xdotool mousemove --window " + window + " 600 300");
  viewer.send_keys(window, "space");  // pause, so the playhead stays put
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double paused_at = e2e::last_json_line(log)["timeline"]["time"];

  // The file is written again (same content, new time): the viewer notices within seconds.
  std::filesystem::last_write_time(model, std::filesystem::file_time_type::clock::now());
  for (int i = 0; i < 100; ++i) {
    state = e2e::last_json_line(log);
    if (state["load_count"] == 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(state["load_count"], 2) << "the change was not noticed";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  state = e2e::last_json_line(log);
  EXPECT_EQ(state["clip"], "jog_left");
  EXPECT_NEAR(state["timeline"]["time"].get<double>(), paused_at, 1e-6);
  EXPECT_FALSE(state["timeline"]["playing"].get<bool>());
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
