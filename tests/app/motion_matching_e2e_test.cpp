// End to end: the viewer in its motion-matching mode (--motion-matching) in a real window; hold
// W, then Shift+W, with xdotool and watch the chosen clip change through the state log.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/async_loader.h"
#include "app/live_recording.h"
#include "app/motion_matching_steering.h"
#include "app/recording_file.h"
#include "demo/demo_character.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
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

// The viewer in its motion-matching mode in a real window, standing idle.
class MotionMatchingWindow : public ::testing::Test {
 protected:
  // more: the viewer's further options.
  void start(const std::vector<std::string>& more = {}) {
    std::string why;
    if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
    dir = test::make_temp_dir();
    log = dir / "state.jsonl";
    std::vector<std::string> options{"--size", "1280x720", "--motion-matching", "--state-log",
                                     "state.jsonl"};
    options.insert(options.end(), more.begin(), more.end());
    viewer = std::make_unique<e2e::ViewerProcess>(dir, options);
    window = viewer->wait_for_window();
    ASSERT_FALSE(window.empty()) << viewer->errors();
    // Standing: the idle plays.
    idle = wait_for_clip(
        log, [](const std::string& c) { return c == "idle"; }, std::chrono::seconds(30));
    ASSERT_EQ(clip_of(idle), "idle") << viewer->errors();
  }

  // The mode applied root motion and wrote its settings into the project: quitting asks first
  // (the prompt, 440 pixels wide in the middle of the window): Discard.
  void quit_discarding() {
    viewer->send_keys(window, "ctrl+q");
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    e2e::run_and_read("xdotool mousemove --window " + window +
                      " 500 386 mousedown 1 sleep 0.3 mouseup 1");
    EXPECT_EQ(viewer->wait_for_exit(std::chrono::seconds(20)), 0);
  }

  void TearDown() override {
    viewer.reset();  // a viewer still running is killed before its folder goes
    if (!dir.empty()) std::filesystem::remove_all(dir);
  }

  std::filesystem::path dir;
  std::filesystem::path log;
  std::unique_ptr<e2e::ViewerProcess> viewer;
  std::string window;
  nlohmann::json idle;  // the state log's line once the idle plays
};

}  // namespace

TEST_F(MotionMatchingWindow, HoldingWAndShiftChangesTheChosenClip) {
  start();
  if (IsSkipped() || HasFatalFailure()) return;
  nlohmann::json s;

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

  quit_discarding();
}

// Ctrl + click on the ground puts a target there: the character walks to it (at walking speed,
// towards the point) and stops within reach of it.
TEST_F(MotionMatchingWindow, ACtrlClickOnTheGroundWalksTheCharacterThereAndStops) {
  start();
  if (IsSkipped() || HasFatalFailure()) return;
  const auto start_position = idle["motion_matching"]["position"];
  nlohmann::json s;

  // Below and right of the character in the 3D view (between the side panels): the ground.
  e2e::run_and_read("xdotool windowfocus --sync " + window +
                    " 2>/dev/null; xdotool mousemove --window " + window +
                    " 820 520 keydown ctrl mousedown 1 sleep 0.3 mouseup 1 keyup ctrl");
  nlohmann::json walking;
  for (int i = 0; i < 100; ++i) {
    s = e2e::last_json_line(log);
    const auto v = s["motion_matching"]["velocity"];
    if (std::hypot(v[0].get<float>(), v[1].get<float>()) > 0.0f) {
      walking = s;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(walking.is_object()) << "the click set no target";
  const auto v = walking["motion_matching"]["velocity"];
  EXPECT_NEAR(std::hypot(v[0].get<float>(), v[1].get<float>()), 1.4f, 1e-3f);

  // It arrives: the asked velocity drops back to zero, the character having moved towards where
  // the walk was heading.
  for (int i = 0; i < 300; ++i) {
    s = e2e::last_json_line(log);
    const auto now = s["motion_matching"]["velocity"];
    if (std::hypot(now[0].get<float>(), now[1].get<float>()) == 0.0f) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const auto stop = s["motion_matching"]["velocity"];
  EXPECT_EQ(std::hypot(stop[0].get<float>(), stop[1].get<float>()), 0.0f) << "never arrived";
  const auto end = s["motion_matching"]["position"];
  const float dx = end[0].get<float>() - start_position[0].get<float>();
  const float dz = end[1].get<float>() - start_position[1].get<float>();
  EXPECT_GT(std::hypot(dx, dz), 0.5f) << "the character did not move";
  EXPECT_GT(dx * v[0].get<float>() + dz * v[1].get<float>(), 0.0f) << "it moved away";

  quit_discarding();
}

// --record: a walk steered with W is recorded with the mode and its steering, and `animview
// render --recording` replays it headless: the character walks as far the same way.
TEST_F(MotionMatchingWindow, AWalkSteeredWithWIsRecordedAndReplayedHeadless) {
  start({"--record", "steered.json"});
  if (IsSkipped() || HasFatalFailure()) return;
  e2e::run_and_read("xdotool windowfocus --sync " + window + " 2>/dev/null; xdotool keydown w");
  const nlohmann::json walking = wait_for_clip(
      log, [](const std::string& c) { return c.starts_with("walk"); }, std::chrono::seconds(20));
  EXPECT_TRUE(clip_of(walking).starts_with("walk")) << clip_of(walking);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  e2e::run_and_read("xdotool keyup w");
  quit_discarding();

  app::InputRecording recording;
  ASSERT_EQ(app::load_recording((dir / "steered.json").string(), recording), "");
  int starts = 0;
  glm::vec3 asked(0.0f);
  for (const app::RecordedInput& input : recording.inputs) {
    if (input.kind == app::RecordedInput::Kind::MotionMatching &&
        input.motion_matching.event == app::RecordedMotionMatching::Event::Start)
      ++starts;
    if (input.kind == app::RecordedInput::Kind::Steering && glm::length(input.velocity) > 0.0f)
      asked = input.velocity;
  }
  EXPECT_EQ(starts, 1);
  EXPECT_NEAR(glm::length(asked), app::kWalkSpeed_mps, 1e-4f) << "W walks";

  // Replayed headless on the demo, as `render --recording` does: it walks where W sent it.
  app::ViewerScene scene;
  app::LoadOutcome demo = app::load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ASSERT_EQ(scene.open(std::move(demo.character), demo.project), "");
  app::RecordingReplay replay(recording);
  ASSERT_EQ(replay.start(scene, demo.project), "");
  ASSERT_EQ(replay.play_to(scene, recording.duration_s, 1.0 / 30.0, visual::SceneView{}), "");
  const glm::vec3 walked = scene.instance.world().translation;
  EXPECT_GT(glm::dot(walked, glm::normalize(asked)), 1.0f) << "1.5 s at walking speed";
  replay.finish(scene);

  const std::filesystem::path gif = dir / "steered.gif";
  const test::ProcessResult run =
      test::run_animview("render --recording '" + (dir / "steered.json").string() +
                             "' --size 160x120 --fps 10 --out '" + gif.string() + "'",
                         dir);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(gif));
}
