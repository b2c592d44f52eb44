// End to end in a real window: a project opened, the camera moved, Ctrl+Shift+S, a path typed
// into the Save As dialog, saved, quit; reopened, it plays the same clip at the same playhead
// and speed, seen from the same camera.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "demo/demo_character.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

// Waits until the state log's last line satisfies ready; returns it (null on timeout).
template <typename Ready>
nlohmann::json wait_for_state(const fs::path& log, Ready ready) {
  for (int i = 0; i < 300; ++i) {
    const nlohmann::json state = e2e::last_json_line(log);
    if (state.is_object() && ready(state)) return state;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return nullptr;
}

TEST(SaveAsWindow, ASavedProjectReopensWithTheSameClipSpeedAndCamera) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  fs::create_directories(dir / "elsewhere");
  ::setenv("ANIMVIEW_STATE_DIR", (dir / "state").c_str(), 1);
  project::Project start = project::make_demo_project();
  start.character = demo::kDemoSourcePath;
  start.session = project::ProjectSession{
      "clip", "jog_left", 0.5f, false, 0.35f, anim::PlaybackMode::Once, 1.0f};
  start.view.camera.yaw_deg = 30.0f;
  start.view.camera.pitch_deg = -20.0f;
  start.view.camera.distance_m = 5.0f;
  ASSERT_EQ(project::save_project(start, (dir / "start.animview.json").string()), "");

  {
    e2e::ViewerProcess viewer(dir, {"start.animview.json", "--state-log", "state.jsonl"});
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();
    const nlohmann::json state = wait_for_state(
        dir / "state.jsonl", [](const nlohmann::json& s) { return s.contains("timeline"); });
    ASSERT_TRUE(state.is_object()) << viewer.errors();
    EXPECT_EQ(state["clip"], "jog_left");
    EXPECT_NEAR(state["timeline"]["time"].get<double>(), 0.5, 1e-6);
    // The camera backs off: three wheel steps over the viewport.
    e2e::run_and_read("xdotool mousemove --window " + window +
                      " 600 300 click 5 sleep 0.3 click 5 sleep 0.3 click 5 sleep 0.5");
    viewer.send_keys(window, "ctrl+shift+s");
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    // The path field has the focus: select what it offers, type another path, Return.
    viewer.send_keys(window, "ctrl+a");
    e2e::run_and_read("xdotool type --delay 60 --window " + window + " '" +
                      (dir / "elsewhere" / "mine.animview.json").string() + "'");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    viewer.send_keys(window, "Return");
    const nlohmann::json saved = wait_for_state(dir / "state.jsonl", [](const nlohmann::json& s) {
      return s["status"].get<std::string>().find("saved") != std::string::npos;
    });
    ASSERT_TRUE(saved.is_object()) << "not saved: " << e2e::last_json_line(dir / "state.jsonl");
    viewer.send_keys(window, "ctrl+q");
    EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  }
  const fs::path mine = dir / "elsewhere" / "mine.animview.json";
  project::Project first;
  ASSERT_EQ(project::load_project(mine.string(), first), "");
  ASSERT_TRUE(first.session.has_value());
  EXPECT_EQ(first.session->clip, "jog_left");
  EXPECT_FLOAT_EQ(first.session->speed, 0.35f);
  EXPECT_EQ(first.session->loop, anim::PlaybackMode::Once);
  EXPECT_NEAR(first.session->time_s, 0.5f, 1e-6f) << "paused: the playhead stayed";
  EXPECT_GT(first.view.camera.distance_m, 5.5f) << "the wheel moved the camera back";
  EXPECT_NEAR(first.view.camera.yaw_deg, 30.0f, 1e-3f);

  // Reopened: the same clip, playhead, speed and camera (saved again, unchanged).
  {
    e2e::ViewerProcess viewer(dir, {mine.string(), "--state-log", "reopened.jsonl"});
    const std::string window = viewer.wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer.errors();
    const nlohmann::json state = wait_for_state(
        dir / "reopened.jsonl", [](const nlohmann::json& s) { return s.contains("timeline"); });
    ASSERT_TRUE(state.is_object()) << viewer.errors();
    EXPECT_EQ(state["clip"], "jog_left");
    EXPECT_NEAR(state["timeline"]["time"].get<double>(), 0.5, 1e-6);
    EXPECT_FALSE(state["timeline"]["playing"].get<bool>());
    EXPECT_EQ(state["project_file"], mine.string());
    e2e::run_and_read("xdotool mousemove --window " + window + " 5 5");
    viewer.send_keys(window, "F12");
    ASSERT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
    viewer.send_keys(window, "ctrl+s");  // the project has a file: no dialog
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    viewer.send_keys(window, "ctrl+q");
    EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  }
  project::Project again;
  ASSERT_EQ(project::load_project(mine.string(), again), "");
  ASSERT_TRUE(again.session.has_value());
  EXPECT_EQ(again.session->clip, "jog_left");
  EXPECT_FLOAT_EQ(again.session->speed, 0.35f);
  EXPECT_NEAR(again.session->time_s, 0.5f, 1e-6f);
  EXPECT_NEAR(again.view.camera.distance_m, first.view.camera.distance_m, 1e-4f);
  EXPECT_NEAR(again.view.camera.yaw_deg, first.view.camera.yaw_deg, 1e-3f);
  EXPECT_NEAR(again.view.camera.pitch_deg, first.view.camera.pitch_deg, 1e-3f);
  EXPECT_EQ(again.character, demo::kDemoSourcePath);
  ::unsetenv("ANIMVIEW_STATE_DIR");
  fs::remove_all(dir);
}

}  // namespace
