// Saving a project: a saved project names its files relative to itself and reopens with the
// same files, clip, playhead, speed, loop mode, view and camera; nothing is written beside an
// opened asset; unsaved changes are what the marker says.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <iterator>

#include <glm/gtc/constants.hpp>

#include "app/async_loader.h"
#include "app/file_session.h"
#include "app/project_session.h"
#include "app/save_flow.h"
#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "project/project_file.h"

namespace app {
namespace {

namespace fs = std::filesystem;

fs::path shared_assets() {
  return ANIMVIEW_SHARED_ASSETS;
}

class ProjectSavingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("animview_saving_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Opens files as the viewer's accept_load does (the parts a save depends on); default_skinning
  // is the command line's.
  static void open(const std::vector<std::string>& files, Document& doc, ViewerScene& scene,
                   ViewerUi& ui, render::OrbitCamera& camera,
                   visual::SkinningChoice default_skinning = visual::SkinningChoice::Lbs) {
    LoadOutcome outcome = load_now({files, {}});
    ASSERT_TRUE(outcome.ok) << (outcome.errors.empty() ? "" : outcome.errors[0].message);
    if (opens_another_file(doc, ui, files)) start_file_session(ui, scene, camera);
    const std::string project_path = outcome.project_path;
    ASSERT_EQ(scene.open(std::move(outcome.character), outcome.project), "");
    doc.open(files, project_path, std::move(outcome.project));
    ++ui.load_count;
    restore_view(doc.project(), default_skinning, ui, scene);
    refresh_panels(ui, doc.project(), scene);
    if (scene.mode == PlayMode::ClipPreview) preview_clip(ui, scene, scene.preview_clip);
    restore_session(doc.project(), ui, scene, camera);
    mark_saved(doc, ui, scene, camera);
  }

  // Writes demo.glb and a copy of it, other.glb (another file to open), into dir_; project gets
  // the project that loading demo.glb makes, its character named relative to dir_.
  void write_demo_models(project::Project& project) const {
    ASSERT_EQ(demo::export_demo_character(model().string()), "");
    fs::copy_file(model(), other());
    LoadOutcome loaded = load_now({{model().string()}, {}});
    ASSERT_TRUE(loaded.ok);
    loaded.project.character = "demo.glb";
    project = std::move(loaded.project);
  }
  fs::path model() const { return dir_ / "demo.glb"; }
  fs::path other() const { return dir_ / "other.glb"; }

  fs::path dir_;
};

TEST_F(ProjectSavingTest, AProjectBesideACopiedAssetFolderReopensWithRelativePaths) {
  const fs::path original = shared_assets() / "quaternius" / "RobotExpressive.glb";
  if (!fs::exists(original)) GTEST_SKIP() << "no ../shared/assets/quaternius/RobotExpressive.glb";
  // The asset folder is a copy: the test never writes into ../shared.
  const fs::path assets = dir_ / "assets";
  const fs::path projects = dir_ / "projects";
  fs::create_directories(assets);
  fs::create_directories(projects);
  fs::copy_file(original, assets / "RobotExpressive.glb");
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  render::OrbitCamera camera;
  open({(assets / "RobotExpressive.glb").string()}, doc, scene, ui, camera);
  EXPECT_TRUE(doc.project_path().empty()) << "a model opened directly is a new, unsaved project";
  EXPECT_EQ(fs::path(suggested_project_path(doc)),
            fs::current_path() / "RobotExpressive.animview.json")
      << "Save As starts in the working folder, not beside the asset";
  ASSERT_GE(scene.clips().size(), 3u);
  preview_clip(ui, scene, 2);
  scene.clock.seek(0.4);
  scene.clock.set_speed(0.5);
  scene.clock.set_mode(anim::PlaybackMode::PingPong);
  scene.clock.set_playing(false);
  camera.yaw = 1.25f;
  camera.pitch = 0.5f;
  camera.distance_m = 7.5f;
  camera.target = {0.5f, 1.5f, -2.0f};
  ui.view.show_grid = false;
  ui.view.shading = render::ShadingMode::Clay;
  EXPECT_TRUE(has_unsaved_changes(doc, ui, scene, camera)) << "the grid and the shading changed";

  const std::string path = (projects / "robot.animview.json").string();
  ASSERT_EQ(save_project_to(path, doc, ui, scene, camera), "");
  EXPECT_FALSE(has_unsaved_changes(doc, ui, scene, camera));
  EXPECT_EQ(std::distance(fs::directory_iterator(assets), fs::directory_iterator{}), 1)
      << "nothing written beside the asset";
  project::Project saved;
  ASSERT_EQ(project::load_project(path, saved), "");
  EXPECT_EQ(saved.character, "../assets/RobotExpressive.glb");
  ASSERT_TRUE(saved.session.has_value());
  EXPECT_EQ(saved.session->clip, scene.clips()[2].name);

  // Reopened from another working folder: the same file, clip, playhead, speed, mode, camera.
  const fs::path cwd = fs::current_path();
  fs::current_path(dir_);
  ViewerScene reopened;
  ViewerUi reopened_ui;
  Document reopened_doc;
  render::OrbitCamera reopened_camera;
  open({path}, reopened_doc, reopened, reopened_ui, reopened_camera);
  fs::current_path(cwd);
  EXPECT_EQ(reopened_doc.project_path(), path);
  EXPECT_EQ(reopened.mode, PlayMode::ClipPreview);
  EXPECT_EQ(reopened.preview_clip, 2);
  EXPECT_NEAR(reopened.clock.time_s(), 0.4, 1e-6);
  EXPECT_DOUBLE_EQ(reopened.clock.speed(), 0.5);
  EXPECT_EQ(reopened.clock.mode(), anim::PlaybackMode::PingPong);
  EXPECT_FALSE(reopened.clock.playing());
  EXPECT_NEAR(reopened_camera.yaw, 1.25f, 1e-5f);
  EXPECT_NEAR(reopened_camera.pitch, 0.5f, 1e-5f);
  EXPECT_NEAR(reopened_camera.distance_m, 7.5f, 1e-5f);
  EXPECT_NEAR(reopened_camera.target.z, -2.0f, 1e-5f);
  EXPECT_FALSE(reopened_ui.view.show_grid);
  EXPECT_EQ(reopened_ui.view.shading, render::ShadingMode::Clay);
  EXPECT_FALSE(has_unsaved_changes(reopened_doc, reopened_ui, reopened, reopened_camera));
}

TEST_F(ProjectSavingTest, SaveAsElsewhereKeepsTheFilesFoundAndWatchingIsNoChange) {
  const fs::path model = dir_ / "models" / "demo.glb";
  fs::create_directories(model.parent_path());
  ASSERT_EQ(demo::export_demo_character(model.string()), "");
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  render::OrbitCamera camera;
  open({model.string()}, doc, scene, ui, camera);
  const std::string first = (dir_ / "a.animview.json").string();
  ASSERT_EQ(save_project_to(first, doc, ui, scene, camera), "");
  // Playing, scrubbing, moving the camera and setting parameters change no saved work.
  scene.clock.set_playing(false);
  scene.clock.seek(0.3);
  camera.yaw += 1.0f;
  scene.update(0.1f, ui.view);
  EXPECT_FALSE(has_unsaved_changes(doc, ui, scene, camera));
  // Save As into a deeper folder: the character path is rewritten relative to it.
  fs::create_directories(dir_ / "deep" / "er");
  const std::string second = (dir_ / "deep" / "er" / "b.animview.json").string();
  ASSERT_EQ(save_project_to(second, doc, ui, scene, camera), "");
  project::Project saved;
  ASSERT_EQ(project::load_project(second, saved), "");
  EXPECT_EQ(saved.character, "../../models/demo.glb");
  EXPECT_EQ(doc.window_title(false), "b.animview.json - animview");
  EXPECT_EQ(doc.window_title(true), "b.animview.json* - animview");
  ViewerScene reopened;
  ViewerUi reopened_ui;
  Document reopened_doc;
  render::OrbitCamera reopened_camera;
  open({second}, reopened_doc, reopened, reopened_ui, reopened_camera);
  EXPECT_EQ(reopened.clips().size(), scene.clips().size());
  EXPECT_NEAR(reopened.clock.time_s(), 0.3, 1e-6);
}

// A project whose every restored setting differs from its default: the view, the warping, root
// motion, the camera and a session paused on the third clip, ping-pong at 0.5x in slow motion:
// p with those.
project::Project project_away_from_defaults(project::Project p) {
  project::ProjectView& v = p.view;
  v.show_grid = false;
  v.skinning = visual::SkinningChoice::DualQuat;
  v.shading = visual::ShadingMode::Clay;
  v.show_ground = true;
  v.shadows = false;
  v.foot_ik = true;
  v.stride_warping = true;
  v.orientation_warping = true;
  v.apply_root_motion = true;
  v.camera = {100.0f, -40.0f, 9.0f, {0.5f, 1.5f, -2.0f}};
  project::ProjectSession s;
  s.mode = "clip";
  s.clip = "2";
  s.time_s = 0.4f;
  s.playing = false;
  s.speed = 0.5f;
  s.loop = anim::PlaybackMode::PingPong;
  s.time_scale = 0.25f;
  p.session = s;
  return p;
}

// The defect: the Knight's project (root motion applied) then the Fox by File > Open kept
// "Applied". Every setting a project restores must be the next file's own, here the defaults.
TEST_F(ProjectSavingTest, AnotherFileWithoutASessionKeepsNothingOfTheProjectBefore) {
  project::Project demo_project;
  ASSERT_NO_FATAL_FAILURE(write_demo_models(demo_project));
  const std::string knight = (dir_ / "knight.animview.json").string();
  ASSERT_EQ(project::save_project(project_away_from_defaults(demo_project), knight), "");
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  render::OrbitCamera camera;
  const render::OrbitCamera fresh;
  open({knight}, doc, scene, ui, camera);
  // The project's settings did arrive, so the checks below see them go.
  ASSERT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::Applied);
  ASSERT_TRUE(scene.instance.settings().foot_ik);
  ASSERT_EQ(ui.view.skinning, visual::SkinningChoice::DualQuat);
  ASSERT_TRUE(ui.view.show_ground);
  ASSERT_EQ(scene.preview_clip, 2);
  ASSERT_NEAR(camera.yaw, 100.0f * glm::pi<float>() / 180.0f, 1e-5f);

  open({other().string()}, doc, scene, ui, camera);
  EXPECT_EQ(scene.settings.root_motion_mode, anim::RootMotionMode::InPlace);
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace)
      << "the instance plays what the scene's settings say";
  EXPECT_FALSE(scene.instance.settings().foot_ik);
  EXPECT_FALSE(scene.instance.settings().stride_warping);
  EXPECT_FALSE(scene.instance.settings().orientation_warping);
  EXPECT_TRUE(ui.view.show_grid);
  EXPECT_EQ(ui.view.skinning, visual::SkinningChoice::Lbs);
  EXPECT_EQ(ui.view.shading, visual::ShadingMode::Material);
  EXPECT_FALSE(ui.view.show_ground);
  EXPECT_TRUE(ui.view.shadows);
  EXPECT_FLOAT_EQ(camera.yaw, fresh.yaw) << "framed from the default angles";
  EXPECT_FLOAT_EQ(camera.pitch, fresh.pitch);
  EXPECT_EQ(scene.mode, PlayMode::ClipPreview);
  EXPECT_EQ(scene.preview_clip, 0);
  EXPECT_DOUBLE_EQ(scene.clock.time_s(), 0.0);
  EXPECT_TRUE(scene.clock.playing());
  EXPECT_DOUBLE_EQ(scene.clock.speed(), 1.0);
  EXPECT_EQ(scene.clock.mode(), anim::PlaybackMode::Loop);
  EXPECT_FLOAT_EQ(ui.view.time_scale, 1.0f);
}

// The panel layout is the user's window, not a file's: neither a project (whatever layout it
// saved) nor the model opened after it moves the panels, while the project's settings still
// arrive and go.
TEST_F(ProjectSavingTest, OpeningFilesKeepsThePanelLayoutASessionBringsBack) {
  project::Project demo_project;
  ASSERT_NO_FATAL_FAILURE(write_demo_models(demo_project));
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  render::OrbitCamera camera;
  open({model().string()}, doc, scene, ui, camera);
  // The user drags the splitters, collapses the left panel and picks a UI scale.
  visual::PanelLayout& layout = ui.view.layout;
  layout.left_width = 333.0f;
  layout.right_width = 444.0f;
  layout.left_open = false;
  layout.ui_scale = 1.5f;
  layout.ui_scale_automatic = false;
  const auto expect_layout = [&](float left, bool right_open, float scale, const char* after) {
    EXPECT_EQ(layout.left_width, left) << after;
    EXPECT_EQ(layout.right_width, 444.0f) << after;
    EXPECT_FALSE(layout.left_open) << after;
    EXPECT_EQ(layout.right_open, right_open) << after;
    EXPECT_EQ(layout.ui_scale, scale) << after;
    EXPECT_FALSE(layout.ui_scale_automatic) << after;
  };

  // A project without a session (written by hand, or by a script) says nothing of the window.
  const std::string plain_path = (dir_ / "plain.animview.json").string();
  project::Project plain = project_away_from_defaults(demo_project);
  plain.session.reset();
  plain.view.layout.left_width = 100.0f;
  ASSERT_EQ(project::save_project(plain, plain_path), "");
  open({plain_path}, doc, scene, ui, camera);
  expect_layout(333.0f, true, 1.5f, "a project without a session");
  ASSERT_TRUE(ui.view.show_ground) << "the project's view did arrive";

  open({other().string()}, doc, scene, ui, camera);
  expect_layout(333.0f, true, 1.5f, "the model after it");
  EXPECT_FALSE(ui.view.show_ground) << "the project's view went with it";
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);

  // The window as it was saved comes back with a session, and stays for the model after it.
  const std::string saved_path = (dir_ / "laid_out.animview.json").string();
  project::Project laid_out = project_away_from_defaults(demo_project);  // with a session
  laid_out.view.layout = layout;
  laid_out.view.layout.left_width = 410.0f;
  laid_out.view.layout.right_open = false;
  laid_out.view.layout.ui_scale = 2.0f;
  ASSERT_EQ(project::save_project(laid_out, saved_path), "");
  open({saved_path}, doc, scene, ui, camera);
  expect_layout(410.0f, false, 2.0f, "a saved session");
  open({other().string()}, doc, scene, ui, camera);
  expect_layout(410.0f, false, 2.0f, "the model after the saved session");
  EXPECT_EQ(scene.instance.settings().root_motion_mode, anim::RootMotionMode::InPlace);
}

// LBS cannot say it was chosen: a file that keeps it shows the command line's skinning, not the
// skinning of the file before.
TEST_F(ProjectSavingTest, AnotherFileKeepingLbsShowsTheCommandLinesSkinning) {
  ASSERT_EQ(demo::export_demo_character(model().string()), "");
  fs::copy_file(model(), other());
  ViewerScene scene;
  ViewerUi ui;
  Document doc;
  render::OrbitCamera camera;
  open({model().string()}, doc, scene, ui, camera, visual::SkinningChoice::DualQuat);
  EXPECT_EQ(ui.view.skinning, visual::SkinningChoice::DualQuat) << "--skinning dq";
  ui.view.skinning = visual::SkinningChoice::Lbs;  // switched in the panel
  open({other().string()}, doc, scene, ui, camera, visual::SkinningChoice::DualQuat);
  EXPECT_EQ(ui.view.skinning, visual::SkinningChoice::DualQuat);
}

}  // namespace
}  // namespace app
