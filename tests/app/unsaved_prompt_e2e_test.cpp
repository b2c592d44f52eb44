// End to end in a real window: a change marks the title with "*", and quitting then asks
// first: Cancel keeps the viewer open, Discard quits.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

TEST(UnsavedPromptWindow, AChangeMarksTheTitleAndQuitAsksFirst) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  ::setenv("ANIMVIEW_STATE_DIR", (dir / "state").c_str(), 1);
  e2e::ViewerProcess viewer(dir, {"--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  for (int i = 0; i < 200 && e2e::last_json_line(dir / "state.jsonl")["load_count"] != 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  EXPECT_EQ(e2e::run_and_read("xdotool getwindowname " + window), "untitled - animview");
  // View > Grid (below Side panel and UI scale): off.
  e2e::run_and_read("xdotool mousemove --window " + window + " 70 10 click 1 sleep 1");
  e2e::run_and_read("xdotool mousemove --window " + window + " 90 73 click 1 sleep 1");
  EXPECT_EQ(e2e::run_and_read("xdotool getwindowname " + window), "untitled* - animview");
  viewer.send_keys(window, "ctrl+q");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(1)), -1) << "quit waits for an answer";
  e2e::run_and_read("xdotool mousemove --window " + window + " 5 700");
  viewer.send_keys(window, "F12");
  ASSERT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  viewer.send_keys(window, "Escape");  // Cancel
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(1)), -1) << "Cancel keeps it open";
  viewer.send_keys(window, "ctrl+q");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  // The prompt is 440 pixels wide in the middle of the 1280x720 window: its Discard button.
  e2e::run_and_read("xdotool mousemove --window " + window +
                    " 500 386 mousedown 1 sleep 0.3 mouseup 1");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  ::unsetenv("ANIMVIEW_STATE_DIR");
  fs::remove_all(dir);
}

}  // namespace
