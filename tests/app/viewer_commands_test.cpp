// The one place the viewer applies its menus' and shortcuts' commands: each command leaves the
// state its menu item or key always left (a dialog open, a file written, the camera moved).
#include "app/viewer_commands.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "app/async_loader.h"
#include "app/character_framing.h"
#include "demo/demo_character.h"
#include "render/gl_window.h"

namespace app {
namespace {

namespace fs = std::filesystem;
using ui::ViewerCommand;

class ViewerCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "needs a display (xvfb-run)";
    ASSERT_EQ(window_.open({320, 240, false, "viewer commands"}), "");
    viewer_ = std::make_unique<Viewer>(options_, window_);
    dir_ = fs::temp_directory_path() / ("animview_viewer_commands_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    previous_dir_ = fs::current_path();
    fs::current_path(dir_);  // the exports write into the working folder
  }
  void TearDown() override {
    if (!viewer_) return;
    fs::current_path(previous_dir_);
    viewer_.reset();
    fs::remove_all(dir_);
  }

  void load_demo() {
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(viewer_->scene.open(std::move(demo.character), demo.project), "");
    viewer_->document.open({demo::kDemoSourcePath}, "", std::move(demo.project));
    ASSERT_EQ(viewer_->scene.update(0.1f, visual::SceneView{}), "");
  }

  ViewerOptions options_;
  render::GlWindow window_;
  std::unique_ptr<Viewer> viewer_;
  fs::path dir_, previous_dir_;
};

TEST_F(ViewerCommands, OpenAndAddClipFileOpenTheFileBrowserForTheirPurpose) {
  Viewer& v = *viewer_;
  apply_viewer_command(v, ViewerCommand::AddClipFile);  // no character yet: refused, said why
  EXPECT_FALSE(v.ui.file_browser.open);
  ASSERT_EQ(v.ui.errors.entries().size(), 1u);
  EXPECT_NE(v.ui.errors.entries()[0].cause.find("open a character first"), std::string::npos);

  apply_viewer_command(v, ViewerCommand::Open);
  EXPECT_TRUE(v.ui.file_browser.open);
  EXPECT_EQ(v.ui.file_browser.title, "Open file");
  EXPECT_FALSE(v.ui.clip_files.browser_adds_clips);

  load_demo();
  apply_viewer_command(v, ViewerCommand::AddClipFile);
  EXPECT_EQ(v.ui.file_browser.title, "Add clip file");
  EXPECT_TRUE(v.ui.clip_files.browser_adds_clips);
}

TEST_F(ViewerCommands, ExportsOpenTheirDialogsOrWriteTheirFiles) {
  Viewer& v = *viewer_;
  apply_viewer_command(v, ViewerCommand::ExportPose);  // nothing to pose: nothing written
  EXPECT_TRUE(fs::is_empty(dir_));
  load_demo();
  apply_viewer_command(v, ViewerCommand::ExportFrames);
  EXPECT_TRUE(v.ui.frame_export.open);
  EXPECT_FALSE(v.ui.video_export.open);
  apply_viewer_command(v, ViewerCommand::ExportVideo);
  EXPECT_TRUE(v.ui.video_export.open);

  apply_viewer_command(v, ViewerCommand::ExportPose);
  int poses = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    poses += entry.path().string().ends_with(".pose.json");
  }
  EXPECT_EQ(poses, 1);
  EXPECT_EQ(v.ui.status.rfind("wrote ", 0), 0u) << v.ui.status;

  apply_viewer_command(v, ViewerCommand::ExportRecord);
  EXPECT_TRUE(fs::exists(dir_ / "animview_transition_record_001.json")) << v.ui.status;
  EXPECT_TRUE(v.ui.errors.empty());
}

TEST_F(ViewerCommands, SaveWritesTheProjectFileAndSaveAsAsksWhere) {
  Viewer& v = *viewer_;
  apply_viewer_command(v, ViewerCommand::Save);  // nothing loaded: nothing to save or ask
  EXPECT_FALSE(v.save_flow.asking());
  load_demo();
  apply_viewer_command(v, ViewerCommand::Save);  // a new project: Save asks where first
  EXPECT_TRUE(v.save_flow.asking());

  Viewer saved(options_, window_);
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ASSERT_EQ(saved.scene.open(std::move(demo.character), demo.project), "");
  const std::string project_path = (dir_ / "demo.animview.json").string();
  saved.document.open({demo::kDemoSourcePath}, project_path, std::move(demo.project));
  apply_viewer_command(saved, ViewerCommand::Save);
  EXPECT_FALSE(saved.save_flow.asking());
  EXPECT_TRUE(fs::exists(dir_ / "demo.animview.json"));
  EXPECT_EQ(saved.ui.status, "saved " + project_path);
  apply_viewer_command(saved, ViewerCommand::SaveAs);  // asks even with a file
  EXPECT_TRUE(saved.save_flow.asking());
}

TEST_F(ViewerCommands, ReloadWaitsForTheLoadQueue) {
  Viewer& v = *viewer_;
  EXPECT_FALSE(v.reload_asked);
  apply_viewer_command(v, ViewerCommand::Reload);
  EXPECT_TRUE(v.reload_asked);
}

TEST_F(ViewerCommands, FramingAndNumpadCommandsMoveTheCamera) {
  Viewer& v = *viewer_;
  load_demo();
  v.ui.framing_aspect = 1.0f;
  v.camera.target = glm::vec3(50.0f, 0.0f, 50.0f);  // looking far from the character
  apply_viewer_command(v, ViewerCommand::FrameCharacter);
  const importer::Bounds b = character_bounds(v.scene, true);
  ASSERT_FALSE(b.empty());
  EXPECT_TRUE(glm::all(glm::greaterThanEqual(v.camera.target, b.min - 1e-4f)) &&
              glm::all(glm::lessThanEqual(v.camera.target, b.max + 1e-4f)));
  const float character_distance = v.camera.distance_m;
  // Frame all takes in the ground a character's height around the origin too: farther away.
  apply_viewer_command(v, ViewerCommand::FrameAll);
  EXPECT_GT(v.camera.distance_m, character_distance);

  v.camera.orthographic = false;
  apply_viewer_command(v, ViewerCommand::LookTop);
  EXPECT_TRUE(v.camera.orthographic);
  EXPECT_FLOAT_EQ(v.camera.pitch, 1.55f);
  apply_viewer_command(v, ViewerCommand::LookRight);
  EXPECT_FLOAT_EQ(v.camera.yaw, 1.5707963f);
  EXPECT_FLOAT_EQ(v.camera.pitch, 0.0f);
  apply_viewer_command(v, ViewerCommand::ToggleOrthographic);
  EXPECT_FALSE(v.camera.orthographic);
  apply_viewer_command(v, ViewerCommand::ToggleOrthographic);
  EXPECT_TRUE(v.camera.orthographic);
}

}  // namespace
}  // namespace app
