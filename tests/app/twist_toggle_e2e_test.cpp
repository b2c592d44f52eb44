// End to end, in a real window with the real mouse (xdotool), through the viewer's state log:
// the demo with a twist-correction entry in its post-process stack, paused on wrist_turn where
// the hand is turned most (0.5 s: 109 degrees about the forearm). A click on the entry's mute
// box turns the correction off: the state log says so and, under linear blend skinning, the
// wrist collapses into the candy wrapper: the 3D view changes around the right forearm only, and
// the mesh there loses pixels. The screenshots are kept in $ANIMVIEW_E2E_SHOTS when it is set.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "graph_authoring_steps.h"
#include "picture_diff.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

// The 3D view between the side panel and the graph panel (x 300 to 900), under the stats overlay
// (whose figures change from frame to frame) and above the timeline.
constexpr int kViewX = 305, kViewY = 100, kViewWidth = 590, kViewHeight = 500;

// Takes a screenshot (F12) and returns it; number counts the viewer's screenshots.
pictures::Picture screenshot(e2e::ViewerProcess& viewer, const std::string& window, int number,
                             const std::string& keep_as) {
  const std::string saved = "animview: screenshot";
  viewer.send_keys(window, "F12");
  const fs::path shot = viewer.cwd() / ("animview_screenshot_00" + std::to_string(number) + ".png");
  EXPECT_TRUE(viewer.wait_for_output(saved, std::chrono::seconds(20)));
  // The output names the first one only: the file shows the later ones, written before the
  // next frames.
  for (int i = 0; i < 100 && !fs::exists(shot); ++i) {
    e2e::wait_for_frames(viewer.cwd() / "state.jsonl", 1, std::chrono::seconds(5));
  }
  e2e::wait_for_frames(viewer.cwd() / "state.jsonl", 2, std::chrono::seconds(5));
  if (const char* keep = std::getenv("ANIMVIEW_E2E_SHOTS")) {
    fs::create_directories(keep);
    fs::copy_file(shot, fs::path(keep) / keep_as, fs::copy_options::overwrite_existing);
  }
  return pictures::load(shot);
}

int mesh_in_view(const pictures::Picture& p) {
  int mesh = 0;
  for (int y = kViewY; y < kViewY + kViewHeight; ++y) {
    for (int x = kViewX; x < kViewX + kViewWidth; ++x) mesh += pictures::is_mesh(p.at(x, y));
  }
  return mesh;
}

}  // namespace

TEST(TwistToggleWindow, MutingTheTwistCorrectionShowsTheCandyWrapperAtTheWrist) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  project::Project project = project::make_demo_project();
  project.post_process.emplace_back().kind = anim::PostProcessKind::Twist;  // every twist rig
  const fs::path path = dir / "twist.json";
  ASSERT_EQ(project::save_project(project, path.string()), "");
  const fs::path log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"--size", "1280x720", "--state-log", "state.jsonl", "--clip",
                                  "wrist_turn", path.string()});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  const auto mute_at = [](const nlohmann::json& s) {
    return e2e::field(s, "/post_process/stack/0/mute_at");
  };
  nlohmann::json s = e2e::wait_for(log, [&](const nlohmann::json& s) {
    return s["clip"] == "wrist_turn" && e2e::field(s, "/post_process/stack/0/kind") == "twist" &&
           !mute_at(s).is_null();
  });
  ASSERT_TRUE(s.is_object()) << "the twist entry never showed: " << viewer.errors();
  s = e2e::scroll_into_view(window, log, nlohmann::json{170, 400}, mute_at);
  ASSERT_TRUE(s.is_object() && e2e::on_screen(mute_at(s))) << "the mute box is off screen";
  // Paused at the first frame, then stepped to 0.5 s.
  viewer.send_keys(window, "space shift+Left");
  for (int i = 0; i < 120; ++i) {
    s = e2e::wait_for_frames(log, 2, std::chrono::seconds(10));
    ASSERT_TRUE(s.is_object());
    if (!s["timeline"]["playing"].get<bool>() && s["timeline"]["time"].get<double>() >= 0.4999) {
      break;
    }
    if (!s["timeline"]["playing"].get<bool>()) viewer.send_keys(window, "Right");
  }
  ASSERT_NEAR(s["timeline"]["time"].get<double>(), 0.5, 0.02);
  ASSERT_EQ(e2e::field(s, "/post_process/stack/0/mute"), false);
  const pictures::Picture corrected = screenshot(viewer, window, 1, "twist_corrected.png");

  e2e::run_and_read("xdotool" + e2e::at(window, mute_at(s)) + " click 1 sleep 0.3");
  s = e2e::wait_for(log, [](const nlohmann::json& s) {
    return e2e::field(s, "/post_process/stack/0/mute") == true;
  });
  ASSERT_TRUE(s.is_object()) << "the click did not mute the twist correction";
  e2e::wait_for_frames(log, 3, std::chrono::seconds(10));
  const pictures::Picture candy = screenshot(viewer, window, 2, "twist_muted.png");
  ASSERT_EQ(corrected.width, 1280);
  ASSERT_EQ(candy.width, 1280);

  const pictures::Difference d = pictures::compare_region(corrected, kViewX, kViewY, candy, kViewX,
                                                          kViewY, kViewWidth, kViewHeight);
  EXPECT_GT(d.count, 50) << "the wrist changed";
  EXPECT_LT(d.max_x - d.min_x, 120) << "around the forearm only";
  EXPECT_LT(d.max_y - d.min_y, 120) << "around the forearm only";
  EXPECT_LT(mesh_in_view(candy), mesh_in_view(corrected)) << "the wrist collapsed";
  e2e::quit_discarding(viewer, window);
  fs::remove_all(dir);
}
