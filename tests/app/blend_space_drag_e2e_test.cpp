// End to end: drag the blend-space point with the real mouse (xdotool) in the real window and
// watch, through the viewer's state log, the weights move to the sample it was dragged onto.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "blend_editor_drag.h"
#include "support/temp_files.h"
#include "viewer_process.h"

TEST(BlendSpaceEditorWindow, DraggingThePointFromWalkForwardOntoWalkLeftMovesTheWeightsThere) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  e2e::ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const nlohmann::json before = e2e::wait_for_blend_editor(dir / "state.jsonl");
  ASSERT_TRUE(before.is_object()) << "the blend-space editor never appeared";
  EXPECT_NEAR(e2e::blend_weight(before, "walk_forward"), 1.0f, 1e-5f)
      << "the demo starts walking forward";

  // From the handle on walk_forward (0, 1.4 m/s) to walk_left (1.4, 0), in small steps like a
  // hand.
  e2e::drag_blend_point(window, before, {0.0f, 1.4f}, {1.4f, 0.0f});
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));

  const nlohmann::json after = e2e::last_json_line(dir / "state.jsonl");
  ASSERT_TRUE(after.is_object());
  const float input_x = after["blend_space"]["input"][0];
  // Snapping puts the point on the grid line nearest to 1.4 (a 0.75 m/s grid over -3..3: 1.5).
  EXPECT_NEAR(input_x, 1.5f, 0.2f);
  EXPECT_NEAR(after["blend_space"]["input"][1].get<float>(), 0.0f, 0.2f);
  EXPECT_GT(e2e::blend_weight(after, "walk_left"), 0.5f);
  EXPECT_LT(e2e::blend_weight(after, "walk_forward"), 0.1f);
  EXPECT_EQ(after["clip"], "walk_left") << "the heaviest clip now plays";

  viewer.send_keys(window, "F12");
  ASSERT_TRUE(viewer.wait_for_output("animview: screenshot", std::chrono::seconds(20)));
  EXPECT_GT(std::filesystem::file_size(dir / "animview_screenshot_001.png"), 10000u);

  // Ctrl+S saves the project with the point where it was dropped (the new project's first save
  // asks where, offering the working folder: Return takes it); opening that project again plays
  // the blend space at the same point.
  viewer.send_keys(window, "ctrl+s");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  viewer.send_keys(window, "Return");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  const auto project = dir / "demo.animview.json";
  ASSERT_TRUE(std::filesystem::exists(project)) << viewer.output() << viewer.errors();
  const std::string reopen =
      std::string(ANIMVIEW_EXE) + " --headless --frames 3 --out " + (dir / "reopened").string() +
      " --state-log " + (dir / "reopened.jsonl").string() + " " + project.string() + " > /dev/null";
  ASSERT_EQ(std::system(reopen.c_str()), 0);
  const nlohmann::json reopened = e2e::last_json_line(dir / "reopened.jsonl");
  ASSERT_TRUE(reopened.is_object());
  EXPECT_NEAR(reopened["blend_space"]["input"][0].get<float>(), input_x, 1e-4f);
  EXPECT_EQ(reopened["state"], "locomotion");
  std::filesystem::remove_all(dir);
}
