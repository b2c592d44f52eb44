// End to end, in a real window with the real mouse (xdotool), through the viewer's state log:
// the demo with a look-at entry. Its target's handle dragged 120 px (the button held for over
// three seconds: dozens of frames) is one undo step: Ctrl+Z puts the target back exactly where it
// was, a second Ctrl+Z has nothing to undo, and Ctrl+Shift+Z puts it where the drag left it.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "graph_authoring_steps.h"
#include "project/demo_project.h"
#include "project/project_file.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

namespace fs = std::filesystem;

nlohmann::json target_of(const nlohmann::json& s) {
  return e2e::field(s, "/post_process/entries/0/target");
}

}  // namespace

TEST(PostProcessUndoWindow, ADraggedTargetIsOneUndoStep) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const fs::path dir = test::make_temp_dir();
  project::Project project = project::make_demo_project();
  project::ProjectPostProcess look;
  look.kind = anim::PostProcessKind::LookAt;
  look.target = {0.5f, 1.4f, 0.8f};  // ahead of the chest, to the character's left
  project.post_process = {look};
  const fs::path path = dir / "look.json";
  ASSERT_EQ(project::save_project(project, path.string()), "");
  const fs::path log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(
      dir, {"--size", "1280x720", "--state-log", "state.jsonl", "--clip", "idle", path.string()});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json s = e2e::wait_for(log, [](const nlohmann::json& s) {
    return e2e::on_screen(e2e::field(s, "/post_process/entries/0/handle"));
  });
  ASSERT_TRUE(s.is_object()) << "the target's handle never showed: "
                             << e2e::last_json_line(log)["post_process"].dump();
  s = e2e::wait_for_frames(log, 30, std::chrono::seconds(30));  // the framing settled
  ASSERT_TRUE(s.is_object());
  const nlohmann::json before = target_of(s);
  ASSERT_EQ(before, nlohmann::json({0.5f, 1.4f, 0.8f}));
  ASSERT_EQ(e2e::field(s, "/machines/can_undo"), false);
  const nlohmann::json handle = e2e::field(s, "/post_process/entries/0/handle");
  const nlohmann::json to = {handle[0].get<float>() + 120.0f, handle[1].get<float>() + 40.0f};
  e2e::run_and_read("xdotool" + e2e::drag_between(window, handle, to));
  s = e2e::wait_for(log, [&](const nlohmann::json& s) {
    return e2e::field(s, "/post_process/dragged") == -1 && target_of(s) != before;
  });
  ASSERT_TRUE(s.is_object()) << "the drag never moved the target";
  const nlohmann::json dragged = target_of(e2e::wait_for_frames(log, 3, std::chrono::seconds(10)));
  EXPECT_EQ(e2e::field(e2e::last_json_line(log), "/machines/can_undo"), true);

  viewer.send_keys(window, "ctrl+z");
  s = e2e::wait_for(log,
                    [](const nlohmann::json& s) { return s["status"] == "undid a graph edit"; });
  ASSERT_TRUE(s.is_object()) << "Ctrl+Z undid nothing";
  EXPECT_EQ(target_of(s), before) << "the drag undone as one step";
  viewer.send_keys(window, "ctrl+z");
  s = e2e::wait_for(log, [](const nlohmann::json& s) { return s["status"] == "nothing to undo"; });
  ASSERT_TRUE(s.is_object()) << "a second step was recorded";
  EXPECT_EQ(target_of(s), before);
  viewer.send_keys(window, "ctrl+shift+z");
  s = e2e::wait_for(log,
                    [](const nlohmann::json& s) { return s["status"] == "redid a graph edit"; });
  ASSERT_TRUE(s.is_object()) << "Ctrl+Shift+Z redid nothing";
  EXPECT_EQ(target_of(s), dragged);
  e2e::quit_discarding(viewer, window);
  fs::remove_all(dir);
}
