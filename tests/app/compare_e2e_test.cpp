// End to end: a clip comparison in the real window (Xvfb, xdotool key presses), read back from
// the viewer's state log: clip B follows clip A's phase while the timeline plays, and after a
// pause, a frame step and a jump to the first frame.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <thread>

#include "demo/demo_character.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

// The last logged state that has both the timeline and clip B, or null.
nlohmann::json last_compare_state(const std::filesystem::path& log) {
  const nlohmann::json state = e2e::last_json_line(log);
  if (!state.is_object() || !state.contains("timeline") || !state.contains("compare_b")) {
    return nullptr;
  }
  return state;
}

double duration_of(const char* clip_name) {
  for (const anim::Clip& clip : demo::make_demo_character().clips) {
    if (clip.name == clip_name) return clip.duration_s;
  }
  ADD_FAILURE() << "the demo has no clip " << clip_name;
  return 1.0;
}

}  // namespace

TEST(CompareWindow, ClipBFollowsClipAsPhaseWhilePlayingAndAfterAFrameStep) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const double walk_s = duration_of("walk_forward"), run_s = duration_of("run_forward");
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--clip", "walk_forward", "--compare", "clip:run_forward",
                                  "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json s;
  for (int i = 0; i < 300 && !(s = last_compare_state(log)).is_object(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(s.is_object()) << "the viewer never logged a clip comparison";
  EXPECT_EQ(s["compare"], "clips");
  EXPECT_EQ(s["compare_b"]["clip"], "run_forward");
  EXPECT_EQ(s["compare_b"]["sync"], "phase");

  // While playing, every logged frame has B at A's phase of run_forward's length, and B moves.
  const double first_b = s["compare_b"]["time"];
  for (int i = 0; i < 3; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    s = last_compare_state(log);
    ASSERT_TRUE(s["timeline"]["playing"].get<bool>());
    EXPECT_NEAR(s["compare_b"]["time"].get<double>(),
                s["timeline"]["time"].get<double>() / walk_s * run_s, 1e-4);
  }
  EXPECT_NE(s["compare_b"]["time"].get<double>(), first_b) << "B plays along with A";

  // Keys reach the timeline while the mouse rests in the viewport (not over a widget).
  e2e::run_and_read("xdotool mousemove --window " + window + " 600 300");
  viewer.send_keys(window, "space");
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  const int paused_frame = last_compare_state(log)["timeline"]["frame"];
  viewer.send_keys(window, "Right");
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  s = last_compare_state(log);
  EXPECT_FALSE(s["timeline"]["playing"].get<bool>());
  const int frame = s["timeline"]["frame"];
  EXPECT_EQ(frame, paused_frame == s["timeline"]["last_frame"].get<int>() ? 0 : paused_frame + 1);
  // Stepping lands on the frame exactly: walk_forward is authored at 120 fps.
  EXPECT_NEAR(s["compare_b"]["time"].get<double>(), frame / 120.0 / walk_s * run_s, 1e-5);

  viewer.send_keys(window, "shift+Left");
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  s = last_compare_state(log);
  EXPECT_EQ(s["timeline"]["frame"], 0);
  EXPECT_NEAR(s["compare_b"]["time"].get<double>(), 0.0, 1e-9);
  EXPECT_EQ(s["compare_b"]["frame"], 0);

  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
