// End to end: the viewer in its motion-matching mode (--motion-matching) in a real window; hold
// W, then Shift+W, with xdotool and watch the chosen clip change through the state log.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "viewer_process.h"

namespace {

// Waits until the state log's motion-matching clip satisfies pred; returns the last state.
template <typename Pred>
nlohmann::json wait_for_clip(const std::filesystem::path& log, Pred pred,
                             std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  nlohmann::json s;
  while (std::chrono::steady_clock::now() < end) {
    s = e2e::last_json_line(log);
    if (s.is_object() && s.contains("motion_matching") &&
        s["motion_matching"].value("active", false) &&
        pred(s["motion_matching"].value("clip", ""))) {
      return s;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return s;
}

std::string clip_of(const nlohmann::json& s) {
  if (!s.is_object() || !s.contains("motion_matching")) return "(no state)";
  return s["motion_matching"].value("clip", "(none)");
}

}  // namespace

TEST(MotionMatchingWindow, HoldingWAndShiftChangesTheChosenClip) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = std::filesystem::temp_directory_path() / "animview_e2e_motion_matching";
  std::filesystem::remove_all(dir);
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(
      dir, {"--size", "1280x720", "--motion-matching", "--state-log", "state.jsonl"});
  ASSERT_TRUE(viewer.wait_for_output("animview: first frame", std::chrono::seconds(60)));
  const std::string window = viewer.find_window(std::chrono::seconds(20));
  ASSERT_FALSE(window.empty());
  // Standing: the idle plays.
  nlohmann::json s = wait_for_clip(
      log, [](const std::string& c) { return c == "idle"; }, std::chrono::seconds(30));
  ASSERT_EQ(clip_of(s), "idle") << viewer.errors();

  // Hold W: it walks.
  e2e::run_and_read("xdotool windowfocus --sync " + window + " 2>/dev/null; xdotool keydown w");
  s = wait_for_clip(
      log, [](const std::string& c) { return c.starts_with("walk"); }, std::chrono::seconds(20));
  EXPECT_TRUE(clip_of(s).starts_with("walk")) << clip_of(s);
  const auto velocity = s["motion_matching"]["velocity"];
  EXPECT_NEAR(std::hypot(velocity[0].get<float>(), velocity[1].get<float>()), 1.4f, 1e-3f);

  // Shift as well: it jogs.
  e2e::run_and_read("xdotool keydown shift");
  s = wait_for_clip(
      log, [](const std::string& c) { return c.starts_with("jog") || c.starts_with("run"); },
      std::chrono::seconds(20));
  EXPECT_TRUE(clip_of(s).starts_with("jog") || clip_of(s).starts_with("run")) << clip_of(s);
  e2e::run_and_read("xdotool keyup shift keyup w");

  // Let go: it stops again.
  s = wait_for_clip(
      log, [](const std::string& c) { return c == "idle"; }, std::chrono::seconds(20));
  EXPECT_EQ(clip_of(s), "idle");
  EXPECT_GE(s["motion_matching"].value("switches", 0), 3);

  // The mode applied root motion and wrote its settings into the project: quitting asks first
  // (the prompt, 440 pixels wide in the middle of the window): Discard.
  viewer.send_keys(window, "ctrl+q");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  e2e::run_and_read("xdotool mousemove --window " + window +
                    " 500 386 mousedown 1 sleep 0.3 mouseup 1");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0);
}
