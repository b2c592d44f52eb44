// End to end: what belongs to one file starts fresh with the next. A project that plays its
// clip ping-pong at 2x in 0.25x slow motion, root motion applied, foot IK, the ground and dual
// quaternions on, is open, a corrupt file is dropped (the error panel opens), then another model
// is dropped: it plays at 1x, looping, in real time, in place, with the default view, with
// neither the error nor the first file's warnings on screen, and Save no longer writes the first
// project.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "project/project_file.h"
#include "support/temp_files.h"
#include "viewer_process.h"
#include "xdnd_source.h"

namespace {

// Waits until the state log's load_count reaches count; the last state either way.
nlohmann::json wait_for_load(const std::filesystem::path& log, int count) {
  nlohmann::json state;
  for (int i = 0; i < 600; ++i) {
    state = e2e::last_json_line(log);
    if (state.is_object() && state["load_count"] == count && state.contains("timeline")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return state;
}

}  // namespace

TEST(FileSessionWindow, AnotherFileStartsWithItsOwnPlaybackErrorsAndWarnings) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const auto model = dir / "demo.glb";
  ASSERT_EQ(
      std::system(
          (std::string(ANIMVIEW_EXE) + " export-demo " + model.string() + " > /dev/null").c_str()),
      0);
  const auto other = dir / "other.glb";
  std::filesystem::copy_file(model, other);
  project::Project project;
  project.character = "demo.glb";
  project::ProjectSession session;
  session.clip = "walk_forward";
  session.speed = 2.0f;
  session.loop = anim::PlaybackMode::PingPong;
  session.time_scale = 0.25f;
  project.session = session;
  project.view.apply_root_motion = true;
  project.view.foot_ik = true;
  project.view.show_ground = true;
  project.view.skinning = visual::SkinningChoice::DualQuat;
  ASSERT_EQ(project::save_project(project, (dir / "slow.json").string()), "");
  const auto corrupt = dir / "corrupt.glb";
  std::ofstream(corrupt) << "glTF this is not";

  const auto log = dir / "state.jsonl";
  e2e::ViewerProcess viewer(dir, {"slow.json", "--state-log", "state.jsonl"});
  const std::string window = viewer.wait_for_window();
  ASSERT_FALSE(window.empty()) << viewer.errors();
  nlohmann::json state = wait_for_load(log, 1);
  ASSERT_EQ(state["load_count"], 1) << viewer.errors();
  EXPECT_EQ(state["time_scale"], 0.25);
  EXPECT_EQ(state["timeline"]["speed"], 2.0);
  EXPECT_EQ(state["timeline"]["loop"], "ping_pong");
  EXPECT_EQ(state["root_motion"], "applied");
  EXPECT_TRUE(state["foot_ik"].get<bool>());
  EXPECT_TRUE(state["show_ground"].get<bool>());
  EXPECT_EQ(state["skinning"], "dq");
  EXPECT_EQ(std::filesystem::path(state["project_file"].get<std::string>()).filename(),
            "slow.json");

  ASSERT_EQ(e2e::xdnd_drop(std::stoul(window), {corrupt}, std::chrono::seconds(20)), "");
  for (int i = 0; i < 300 && state["errors"].empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    state = e2e::last_json_line(log);
  }
  ASSERT_FALSE(state["errors"].empty()) << "the corrupt file was not refused";
  EXPECT_EQ(state["load_count"], 1);

  ASSERT_EQ(e2e::xdnd_drop(std::stoul(window), {other}, std::chrono::seconds(20)), "");
  state = wait_for_load(log, 2);
  ASSERT_EQ(state["load_count"], 2) << "the second file was not opened: " << viewer.errors();
  EXPECT_TRUE(state["errors"].empty()) << state["errors"].dump();
  EXPECT_EQ(state["warnings"], 0);
  EXPECT_EQ(state["time_scale"], 1.0);
  EXPECT_EQ(state["timeline"]["speed"], 1.0);
  EXPECT_EQ(state["timeline"]["loop"], "loop");
  EXPECT_FALSE(state["timeline"]["reverse"].get<bool>());
  EXPECT_EQ(state["root_motion"], "in_place") << "the first project's root motion stayed";
  EXPECT_FALSE(state["foot_ik"].get<bool>());
  EXPECT_FALSE(state["show_ground"].get<bool>());
  EXPECT_EQ(state["skinning"], "lbs");
  // The document is the new file's: a model is a new project (Save asks where), with no history.
  EXPECT_EQ(state["project_file"], "") << "Save would write the model's session into slow.json";
  EXPECT_FALSE(state["machines"]["can_undo"].get<bool>());
  viewer.send_keys(window, "ctrl+q");
  EXPECT_EQ(viewer.wait_for_exit(std::chrono::seconds(20)), 0) << viewer.errors();
  std::filesystem::remove_all(dir);
}
