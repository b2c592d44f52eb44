// The document (app/document.h): what the user's work is apart from how it is shown. An edit
// makes the project dirty until it is undone or saved; a save makes the saved file the one Save
// and reload use; opening another file leaves nothing of the one before (files, project file,
// undo history, saved state, a mode's override of the root motion).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <utility>

#include "app/async_loader.h"
#include "app/document.h"
#include "app/graph_authoring.h"
#include "app/motion_matching_mode.h"
#include "app/project_session.h"
#include "app/save_flow.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "support/temp_files.h"
#include "ui/headless_imgui.h"

namespace app {
namespace {

namespace fs = std::filesystem;

// The demo opened as the viewer's load does it for the parts the document depends on.
class DocumentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
    ASSERT_TRUE(demo.ok);
    ASSERT_EQ(scene_.open(std::move(demo.character), demo.project), "");
    doc_.open({demo::kDemoSourcePath}, "", std::move(demo.project));
    refresh_panels(ui_, doc_.project(), scene_);
    mark_saved(doc_, ui_, scene_, camera_);
  }

  bool unsaved() const { return has_unsaved_changes(doc_, ui_, scene_, camera_); }

  // A graph edit as the Parameters tab makes it: a new parameter, bound, recorded for undo.
  void add_parameter(const std::string& name) {
    scene_.parameters.add(name, anim::ParameterType::Float);
    ASSERT_EQ(scene_.rebind_graph(doc_.project()), "");
    doc_.record_edit();
  }

  Document doc_;
  ViewerScene scene_;
  ViewerUi ui_;
  render::OrbitCamera camera_;
};

TEST_F(DocumentTest, AnEditIsDirtyUntilUndoneAndARedoIsDirtyUntilSaved) {
  EXPECT_FALSE(unsaved()) << "a freshly opened file has nothing to save";
  add_parameter("lean");
  EXPECT_TRUE(unsaved());
  ASSERT_TRUE(step_graph_history(doc_, ui_, scene_, true));
  EXPECT_EQ(scene_.parameters.find("lean"), -1);
  EXPECT_FALSE(unsaved()) << "undone back to what was opened";
  ASSERT_TRUE(step_graph_history(doc_, ui_, scene_, false));
  EXPECT_GE(scene_.parameters.find("lean"), 0);
  EXPECT_TRUE(unsaved());

  const fs::path dir = test::make_temp_dir();
  const std::string path = (dir / "demo.animview.json").string();
  ASSERT_EQ(save_project_to(path, doc_, ui_, scene_, camera_), "");
  EXPECT_FALSE(unsaved());
  EXPECT_EQ(doc_.project_path(), path);
  EXPECT_EQ(doc_.project_folder(), dir.string());
  EXPECT_EQ(doc_.files(), std::vector<std::string>{path}) << "a reload opens the saved file";
  EXPECT_FALSE(doc_.changed_on_disk()) << "our own write is not a change to reload";
  EXPECT_EQ(doc_.window_title(unsaved()), "demo.animview.json - animview");
  // An undo after the save goes back past what was saved: that is a change again.
  ASSERT_TRUE(step_graph_history(doc_, ui_, scene_, true));
  EXPECT_TRUE(unsaved());
  EXPECT_EQ(doc_.window_title(unsaved()), "demo.animview.json* - animview");
  fs::remove_all(dir);
}

TEST_F(DocumentTest, OpeningAnotherFileLeavesNothingOfTheFirstDocument) {
  const fs::path dir = test::make_temp_dir();
  const std::string first = (dir / "first.animview.json").string();
  std::ofstream(first) << "{}";
  doc_.open({first}, first, doc_.project());
  doc_.add_file((dir / "moves.glb").string());
  add_parameter("lean");
  ASSERT_TRUE(doc_.can_undo());
  ASSERT_TRUE(unsaved());

  LoadOutcome other = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(other.ok);
  ASSERT_EQ(scene_.open(std::move(other.character), other.project), "");
  doc_.open({demo::kDemoSourcePath}, "", std::move(other.project));
  EXPECT_EQ(doc_.files(), std::vector<std::string>{demo::kDemoSourcePath});
  EXPECT_EQ(doc_.project_path(), "") << "the demo is a new project: Save asks where";
  EXPECT_EQ(doc_.project_folder(), ".");
  EXPECT_FALSE(doc_.can_undo()) << "the first file's edits are not undone into this one";
  EXPECT_FALSE(doc_.can_redo());
  // The set-up's open, the first file's, this one's: panels caching the first file's project
  // see their generation is gone.
  EXPECT_EQ(doc_.generation(), 3);
  EXPECT_FALSE(doc_.changed_on_disk());
  EXPECT_EQ(doc_.window_title(false), "untitled - animview");
  // Until the load marks what it opened as saved, nothing is: the first file's saved state is
  // gone with it.
  EXPECT_TRUE(unsaved());
  mark_saved(doc_, ui_, scene_, camera_);
  EXPECT_FALSE(unsaved());
  fs::remove_all(dir);
}

TEST_F(DocumentTest, AFileWrittenSinceItWasOpenedIsAChangeOnDiskUntilAccepted) {
  const fs::path dir = test::make_temp_dir();
  const std::string model = (dir / "model.glb").string();
  std::ofstream(model) << "one";
  doc_.open({model}, "", doc_.project());
  EXPECT_FALSE(doc_.changed_on_disk());
  fs::last_write_time(model, fs::last_write_time(model) + std::chrono::seconds(5));
  EXPECT_TRUE(doc_.changed_on_disk());
  doc_.accept_disk_state();  // the user cancelled the reload it asked for
  EXPECT_FALSE(doc_.changed_on_disk());
  doc_.make_untitled();  // as a recovery copy opens
  EXPECT_TRUE(doc_.files().empty());
  EXPECT_EQ(doc_.project_path(), "");
  EXPECT_TRUE(unsaved()) << "a recovered project is unsaved work";
  fs::remove_all(dir);
}

// Entering the motion-matching mode (and leaving it) is watching, not editing: the title gets no
// '*' and quitting asks nothing. The mode applies root motion while it runs and stores its
// coverage in the project; neither is a change the project saves.
TEST_F(DocumentTest, EnteringAndLeavingMotionMatchingLeavesTheProjectSaved) {
  ASSERT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::InPlace);
  ASSERT_FALSE(doc_.project().motion_matching.has_value());
  ui::testing::HeadlessImGui imgui;
  MotionMatchingMode mode;
  ui::MotionMatchingPanelState panel;
  bool follow = false;
  const auto frame = [&] {
    imgui.frame([&] {
      run_motion_matching_window(mode, panel, doc_.project(), scene_, follow,
                                 ui::MotionMatchingPanelPlacement{});
    });
  };
  panel.active = true;
  frame();
  ASSERT_TRUE(mode.active()) << panel.error;
  EXPECT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::Applied);
  EXPECT_FALSE(unsaved()) << "entering motion matching marked the project dirty";

  panel.active = false;
  frame();
  ASSERT_FALSE(mode.active());
  EXPECT_TRUE(doc_.project().motion_matching.has_value()) << "the coverage is kept for a save";
  EXPECT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::InPlace)
      << "the user's root motion is back";
  EXPECT_FALSE(unsaved()) << "leaving motion matching marked the project dirty";

  // A setting of the mode that the project saves is a change.
  doc_.project().motion_matching->poor_match_cost = 3.0f;
  EXPECT_TRUE(unsaved());
}

// The mode's root motion belongs to the character it started on: a file opened while it runs
// gets the user's own.
TEST_F(DocumentTest, AnotherFileOpenedDuringMotionMatchingGetsTheUsersRootMotion) {
  MotionMatchingMode mode;
  ASSERT_EQ(mode.start(scene_, {}, {}), "");
  ASSERT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::Applied);
  LoadOutcome other = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(other.ok);
  ASSERT_EQ(scene_.open(std::move(other.character), std::move(other.project)), "");
  EXPECT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::InPlace);
  EXPECT_FALSE(scene_.chosen_root_motion.has_value());
  mode.stop(scene_);  // as the window does once it sees the new scene
  EXPECT_EQ(scene_.settings.root_motion_mode, anim::RootMotionMode::InPlace);
}

}  // namespace
}  // namespace app
