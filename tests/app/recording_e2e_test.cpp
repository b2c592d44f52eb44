// End to end (#40): the viewer records a drag of the blend-space point made with the real mouse
// (xdotool) while --record is on, saves the recording as JSON at exit, and `animview render
// --recording` makes a GIF of it at a steady 25 fps.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "app/recording_file.h"
#include "blend_editor_drag.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "video_probe.h"
#include "viewer_process.h"

TEST(RecordingWindow, ADragOfTheBlendSpacePointIsRecordedAndRendersAsAGif) {
  std::string why;
  if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  e2e::ViewerProcess viewer(
      dir, {"--size", "1280x720", "--state-log", "state.jsonl", "--record", "drag.json"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const nlohmann::json before = e2e::wait_for_blend_editor(dir / "state.jsonl");
  ASSERT_TRUE(before.is_object()) << "the blend-space editor never appeared";
  // From walk_forward (0, 1.4 m/s) to walk_left (1.4, 0).
  e2e::drag_blend_point(window, before, {0.0f, 1.4f}, {1.4f, 0.0f});
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  viewer.send_keys(window, "ctrl+q");
  ASSERT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();

  app::InputRecording recording;
  ASSERT_EQ(app::load_recording((dir / "drag.json").string(), recording), "");
  EXPECT_GT(recording.duration_s, 1.5) << "the drag alone takes about 2 s";
  // The point's x was given at the start (0) and then moved along the drag to the grid line
  // nearest 1.4 (1.5), at increasing times.
  float first_x = -1.0f, last_x = -1.0f;
  int moves = 0;
  for (const app::RecordedInput& input : recording.inputs) {
    if (input.name != "velocity_x") continue;
    if (moves++ == 0) first_x = input.value;
    last_x = input.value;
  }
  EXPECT_FLOAT_EQ(first_x, 0.0f);
  EXPECT_NEAR(last_x, 1.5f, 0.2f);
  EXPECT_GE(moves, 3) << "a drag in steps, not a jump";

  const auto gif = dir / "drag.gif";
  const test::ProcessResult run =
      test::run_animview("render --recording '" + (dir / "drag.json").string() +
                             "' --size 160x120 --fps 25 --out '" + gif.string() + "'",
                         dir);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(probe::read(gif).streams.at(0).frames,
            static_cast<long long>(std::max(1.0, std::round(recording.duration_s * 25.0))));
  std::filesystem::remove_all(dir);
}
