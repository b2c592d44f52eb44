// End to end: the viewer exports a frame range of the clip on its timeline through the Export
// frames dialog's code (--export-frames drives it), one frame per UI frame: one PNG per frame of
// the range, of the 3D viewport alone (no panels), and the clip plays on afterwards.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <thread>

#include "picture_diff.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

// The viewer's background (0.18, 0.19, 0.22) as llvmpipe writes it, within 1 of rounding.
bool is_background(const unsigned char* c) {
  return std::abs(c[0] - 46) <= 1 && std::abs(c[1] - 48) <= 1 && std::abs(c[2] - 56) <= 1;
}

}  // namespace

TEST(FrameExportWindow, ExportsTheRangeAsViewportPicturesAndPlaysOn) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto log = dir / "state.jsonl";
  // The wave at 120 fps from 0 to 0.1 s: frames 0 to 12.
  e2e::ViewerProcess viewer(dir, {"--clip", "wave", "--export-frames", "out", "--export-from", "0",
                                  "--export-to", "0.1", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state;
  int saw_running = 0;
  for (int i = 0; i < 600; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["export"]["running"].get<bool>()) ++saw_running;
    if (state.is_object() && state["export"]["total"] == 13 &&
        !state["export"]["running"].get<bool>())
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(state.is_object()) << viewer.errors();
  EXPECT_TRUE(state["errors"].empty()) << state["errors"].dump();
  ASSERT_EQ(state["export"]["done"], 13) << state.dump();
  EXPECT_EQ(state["status"], "exported 13 frames to " + (dir / "out").string());
  EXPECT_GT(saw_running, 0) << "the export ran within one UI frame";

  int pngs = 0;
  for (const auto& entry : fs::directory_iterator(dir / "out")) {
    pngs += entry.path().extension() == ".png";
  }
  EXPECT_EQ(pngs, 13);
  const pictures::Picture first = pictures::load(dir / "out" / "wave_0000.png");
  const pictures::Picture last = pictures::load(dir / "out" / "wave_0012.png");
  ASSERT_GT(first.width, 0);
  EXPECT_EQ(last.width, first.width);
  // The viewport is the window less the side panels, the menu bar and the timeline.
  EXPECT_LT(first.width, 1280);
  EXPECT_LT(first.height, 720);
  // No menu bar or panel in the picture: its corners are the scene's background.
  EXPECT_TRUE(is_background(&first.rgb[0]));
  EXPECT_TRUE(is_background(&first.rgb[(static_cast<std::size_t>(first.width) - 1) * 3]));
  EXPECT_GT(pictures::mesh_pixels(first), 2000);
  // The wave moves between its first and its twelfth frame.
  EXPECT_GT(pictures::compare(first, last).count, 100);

  // The clip plays on after the export (the playhead was given back, still playing).
  const double after = state["timeline"]["time"];
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  state = e2e::last_json_line(log);
  EXPECT_TRUE(state["timeline"]["playing"].get<bool>());
  EXPECT_NE(state["timeline"]["time"].get<double>(), after);
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  fs::remove_all(dir);
}
