// End to end in a real window: a change autosaved, the viewer killed (a crash), the next start
// offers the recovery copy, and Open brings the change back as a new, unsaved project.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

bool has_recovery_copy(const fs::path& folder) {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
    if (e.path().filename().string().rfind("recovery.", 0) == 0) return true;
  }
  return false;
}

TEST(CrashRecoveryWindow, AnAutosavedChangeIsOfferedAfterACrash) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  const fs::path state = dir / "state";
  ::setenv("ANIMVIEW_STATE_DIR", state.c_str(), 1);
  ::setenv("ANIMVIEW_AUTOSAVE_S", "1", 1);
  {
    e2e::ViewerProcess viewer(dir, {"--state-log", "first.jsonl"});
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));  // the demo is in
    // View > Grid (below Side panel and UI scale): off (a change of the project's view settings).
    e2e::run_and_read("xdotool mousemove --window " + window + " 70 10 click 1 sleep 1");
    e2e::run_and_read("xdotool mousemove --window " + window + " 90 73 click 1 sleep 1");
    EXPECT_FALSE(e2e::last_json_line(dir / "first.jsonl")["show_grid"].get<bool>());
    for (int i = 0; i < 100 && !has_recovery_copy(state); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_TRUE(has_recovery_copy(state)) << "no recovery copy within seconds";
  }  // killed: the viewer never quits cleanly
  {
    e2e::ViewerProcess viewer(dir, {"--state-log", "second.jsonl"});
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();
    for (int i = 0; i < 200 && e2e::last_json_line(dir / "second.jsonl")["load_count"] != 1; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(3000));
    EXPECT_TRUE(e2e::last_json_line(dir / "second.jsonl")["show_grid"].get<bool>());
    // The offer is a modal, 520 pixels wide, in the middle of the 1280x720 window (a screenshot
    // shows where): its Open button.
    e2e::run_and_read("xdotool mousemove --window " + window +
                      " 405 377 mousedown 1 sleep 0.3 mouseup 1");
    nlohmann::json s;
    for (int i = 0; i < 200; ++i) {
      s = e2e::last_json_line(dir / "second.jsonl");
      if (s["load_count"] == 2) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_EQ(s["load_count"], 2) << "the recovery copy was not opened";
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    s = e2e::last_json_line(dir / "second.jsonl");
    EXPECT_FALSE(s["show_grid"].get<bool>()) << "the change came back";
    EXPECT_EQ(s["project_file"], "") << "a recovered project is new: Save asks where";
    EXPECT_TRUE(s["errors"].empty()) << s["errors"];
  }
  ::unsetenv("ANIMVIEW_STATE_DIR");
  ::unsetenv("ANIMVIEW_AUTOSAVE_S");
  fs::remove_all(dir);
}

}  // namespace
