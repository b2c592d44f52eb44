// `animview render --recording rec.json --out x.gif` (#40): a live recording of the demo's
// blend-space drag rendered from the command line at a steady rate, read back with ffprobe; a
// malformed recording or one naming what the file lacks is refused, naming the file, and leaves
// no video. A project's graph without --clip plays from its start for --to seconds (5 s
// without it, said on stderr).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/cli_runner.h"
#include "support/temp_files.h"
#include "video_probe.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

class RecordingRender : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!e2e::can_drive_windows(why) || !probe::available(why)) GTEST_SKIP() << why;
    dir_ = test::make_temp_dir();
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return path;
  }
  test::ProcessResult render(const fs::path& recording, const fs::path& out) const {
    return test::run_animview("render --recording '" + recording.string() +
                                  "' --size 160x120 --fps 25 --out '" + out.string() + "'",
                              dir_);
  }

  fs::path dir_;
};

// 0.8 s of the demo's blend-space point dragged sideways at uneven times, as a screen busy at
// 7 to 40 fps records it.
const char* const kDrag = R"({"animview_recording": 1, "duration_s": 0.8, "inputs": [
  {"t": 0, "play": "graph"},
  {"t": 0, "parameter": "turn", "value": 0},
  {"t": 0, "parameter": "velocity_x", "value": 0},
  {"t": 0, "parameter": "velocity_z", "value": 1.4},
  {"t": 0.025, "parameter": "velocity_x", "value": 0.1},
  {"t": 0.16, "parameter": "velocity_x", "value": 0.5},
  {"t": 0.19, "parameter": "velocity_x", "value": 0.6},
  {"t": 0.33, "parameter": "velocity_z", "value": 0.9},
  {"t": 0.47, "parameter": "velocity_x", "value": 1.2}]})";

// 1.2 s of motion matching on three of the demo's clips: standing, then steered away along +Z
// from 0.2 s, then the 'walk_forward' clip left out of the search.
const char* const kSteered = R"({"animview_recording": 2, "duration_s": 1.2, "inputs": [
  {"t": 0, "play": "graph"},
  {"t": 0, "motion_matching": "start", "clips": ["idle", "walk_forward", "run_forward"],
   "mirrored": false, "weights": {"trajectory_positions": 2}, "disabled_clips": []},
  {"t": 0, "steer": [0, 0, 0], "facing": 0},
  {"t": 0.2, "steer": [0, 0, 1.4], "facing": 0},
  {"t": 0.8, "motion_matching": "settings", "weights": {}, "disabled_clips": ["walk_forward"]}]})";

}  // namespace

// A motion-matching session renders at the asked rate, the same GIF every time; a clip the
// file lacks is refused, naming it.
TEST_F(RecordingRender, AMotionMatchingSessionRendersTheSameGifEveryTime) {
  const fs::path steered = write("steered.json", kSteered);
  const fs::path first = dir_ / "first.gif", second = dir_ / "second.gif";
  test::ProcessResult run = render(steered, first);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(probe::read(first).streams.at(0).frames, 30) << "1.2 s at 25 fps";
  run = render(steered, second);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::string bytes_a, bytes_b;
  ASSERT_TRUE(test::read_file(first, bytes_a)) << first;
  ASSERT_TRUE(test::read_file(second, bytes_b)) << second;
  EXPECT_GT(bytes_a.size(), 1000u);
  EXPECT_TRUE(bytes_a == bytes_b) << "two replays, two different videos";

  std::string moonwalk = kSteered;
  moonwalk.replace(moonwalk.find("\"run_forward\""), 13, "\"moonwalk\"");
  const fs::path gif = dir_ / "moonwalk.gif";
  run = render(write("moonwalk.json", moonwalk), gif);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("moonwalk.json: its motion matching names a clip 'moonwalk'"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(gif));
}

TEST_F(RecordingRender, ADragRendersAsAGifOfOneFramePerStep) {
  const fs::path gif = dir_ / "drag.gif";
  const test::ProcessResult run = render(write("drag.json", kDrag), gif);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("20 frames at 25 fps"), std::string::npos) << run.out;
  const probe::Video video = probe::read(gif);
  EXPECT_EQ(video.format, "gif");
  ASSERT_EQ(video.streams.size(), 1u);
  EXPECT_EQ(video.streams[0].frames, 20) << "0.8 s at 25 fps";
  double total = 0.0;
  for (double d : probe::frame_durations(gif)) total += d;
  EXPECT_NEAR(total, 0.8, 1e-6);
}

TEST_F(RecordingRender, AMalformedRecordingIsRefusedNamingTheFileAndLeavesNoVideo) {
  const fs::path gif = dir_ / "bad.gif";
  const fs::path broken = write("broken.json", R"({"animview_recording": 1, "duration_s": )");
  test::ProcessResult run = render(broken, gif);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(broken.string() + ": not a JSON file"), std::string::npos) << run.err;
  const fs::path bad_time = write("late.json", R"({"animview_recording": 1, "duration_s": 1,
      "inputs": [{"t": 3, "play": "graph"}]})");
  run = render(bad_time, gif);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(bad_time.string() + ": input 1: its time"), std::string::npos) << run.err;
  const fs::path unknown = write("unknown.json", R"({"animview_recording": 1, "duration_s": 1,
      "inputs": [{"t": 0, "parameter": "speed", "value": 1}]})");
  run = render(unknown, gif);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("it sets a parameter 'speed'"), std::string::npos) << run.err;
  run = render(dir_ / "missing.json", gif);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("missing.json: cannot be read"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(gif));
}

// The built-in demo without --clip plays its own project's graph, as the viewer opens it; a
// file without a project has no graph, and its video asks for a clip (it drew the node pose
// under clip 0's name before).
TEST_F(RecordingRender, TheDemoWithoutAClipPlaysItsGraphAndAFileAsksForOne) {
  const fs::path gif = dir_ / "demo.gif";
  test::ProcessResult run =
      test::run_animview("render --size 160x120 --fps 10 --out '" + gif.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("no --to: 5 s of the graph from its start"), std::string::npos) << run.err;
  EXPECT_EQ(probe::read(gif).streams.at(0).frames, 50) << "5 s at 10 fps";
  const fs::path demo = dir_ / "demo.glb";
  ASSERT_EQ(demo::export_character_glb(demo::make_demo_character(), demo.string()), "");
  const fs::path plain = dir_ / "plain.gif";
  run = test::run_animview(
      "render '" + demo.string() + "' --size 160x120 --fps 10 --out '" + plain.string() + "'",
      dir_);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("demo.glb: a video needs --clip"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(plain));
}

TEST_F(RecordingRender, AProjectWithoutAClipPlaysItsGraphForToSeconds) {
  const fs::path project = dir_ / "demo.json";
  ASSERT_EQ(project::save_project(project::make_demo_project(), project.string()), "");
  const fs::path gif = dir_ / "graph.gif";
  const std::string common = "render '" + project.string() + "' --size 160x120 --fps 10 ";
  test::ProcessResult run =
      test::run_animview(common + "--to 0.6 --param turn=1 --out '" + gif.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(probe::read(gif).streams.at(0).frames, 6) << "0.6 s at 10 fps";
  EXPECT_EQ(run.err.find("no --to"), std::string::npos) << run.err;
  run = test::run_animview(common + "--out '" + gif.string() + "'", dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find(project.string() + ": no --to: 5 s of the graph from its start"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(probe::read(gif).streams.at(0).frames, 50) << "5 s at 10 fps";
}
