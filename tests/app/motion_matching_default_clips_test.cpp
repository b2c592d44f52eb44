// Motion matching's default database in the viewer: the clips the character stands in
// (project::find_standing_clips). On KayKit's Knight the sits, lies, deaths and the roll stay
// out, so that stopping after a walk plays an idle, not Sit_Floor_Idle; the user's choices over
// that default are saved as the clips taken out and put in, and entering and leaving the mode
// saves nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "app/document.h"
#include "app/motion_matching_mode.h"
#include "app/save_flow.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "ui/headless_imgui.h"

namespace app {
namespace {

class KnightMotionMatchingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path file =
        std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "kaykit" / "Knight.glb";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
    LoadOutcome knight = load_now({{file.string()}, {}});
    ASSERT_TRUE(knight.ok);
    ASSERT_EQ(scene_.open(std::move(knight.character), knight.project), "");
    doc_.open({file.string()}, "", std::move(knight.project));
    refresh_panels(ui_, doc_.project(), scene_);
    mark_saved(doc_, ui_, scene_, camera_);
  }

  bool unsaved() const { return has_unsaved_changes(doc_, ui_, scene_, camera_); }

  void frame() {
    imgui_.frame([&] {
      run_motion_matching_window(mode_, panel_, doc_.project(), scene_, follow_,
                                 ui::MotionMatchingPanelPlacement{});
    });
  }

  std::size_t clip(const std::string& name) const {
    const int c = scene_.find_clip(name);
    EXPECT_GE(c, 0) << name;
    return static_cast<std::size_t>(std::max(c, 0));
  }

  // The database frames of a clip.
  int frames_of(const std::string& name) const {
    int frames = 0;
    for (const anim::DatabaseRange& r : mode_.build().database.ranges) {
      if (r.clip_index == static_cast<int>(clip(name))) frames += r.frame_count;
    }
    return frames;
  }

  Document doc_;
  ViewerScene scene_;
  ViewerUi ui_;
  render::OrbitCamera camera_;
  ui::testing::HeadlessImGui imgui_;
  MotionMatchingMode mode_;
  ui::MotionMatchingPanelState panel_;
  bool follow_ = false;
};

TEST_F(KnightMotionMatchingTest, TheDefaultDatabaseHoldsTheClipsTheKnightStandsIn) {
  frame();
  for (const char* out :
       {"Sit_Floor_Idle", "Sit_Chair_StandUp", "Lie_Idle", "Death_A", "Roll_Forward"}) {
    EXPECT_EQ(panel_.clip_enabled[clip(out)], 0) << out;
    EXPECT_FALSE(panel_.left_out_by_default[clip(out)].empty()) << out;
  }
  EXPECT_NE(panel_.left_out_by_default[clip("Sit_Floor_Idle")].find("thighs"), std::string::npos)
      << panel_.left_out_by_default[clip("Sit_Floor_Idle")];
  EXPECT_NE(panel_.left_out_by_default[clip("Lie_Idle")].find("torso"), std::string::npos)
      << panel_.left_out_by_default[clip("Lie_Idle")];
  for (const char* in : {"Idle", "Walking_A", "Walking_Backwards", "Running_A", "Jump_Full_Long",
                         "1H_Melee_Attack_Chop"}) {
    EXPECT_EQ(panel_.clip_enabled[clip(in)], 1) << in;
    EXPECT_TRUE(panel_.left_out_by_default[clip(in)].empty()) << in;
  }

  panel_.active = true;
  frame();
  ASSERT_TRUE(mode_.active()) << panel_.error;
  EXPECT_EQ(frames_of("Sit_Floor_Idle"), 0);
  EXPECT_EQ(frames_of("Lie_Idle"), 0);
  EXPECT_GT(frames_of("Idle"), 0);
  EXPECT_GT(frames_of("Walking_A"), 0);
  // The default is what a project without a motion-matching section says: entering and leaving
  // the mode (which stores the coverage) leaves nothing to save.
  panel_.active = false;
  frame();
  ASSERT_FALSE(mode_.active());
  ASSERT_TRUE(doc_.project().motion_matching.has_value());
  EXPECT_TRUE(doc_.project().motion_matching->excluded_clips.empty());
  EXPECT_TRUE(doc_.project().motion_matching->included_clips.empty());
  EXPECT_FALSE(unsaved()) << "the default clips were saved as a change";
}

TEST_F(KnightMotionMatchingTest, ChoicesOverTheDefaultAreSavedAndReadBack) {
  frame();
  panel_.clip_enabled[clip("Sit_Floor_Idle")] = 1;
  panel_.clip_enabled[clip("Walking_C")] = 0;
  const project::ProjectMotionMatching saved = project_settings(panel_, scene_.clips());
  EXPECT_EQ(saved.included_clips, std::vector<std::string>{"Sit_Floor_Idle"});
  EXPECT_EQ(saved.excluded_clips, std::vector<std::string>{"Walking_C"});
  EXPECT_FALSE(has_default_settings(saved));

  // Read back into a fresh panel, as when the project is opened again.
  doc_.project().motion_matching = saved;
  panel_ = {};
  frame();
  EXPECT_EQ(panel_.clip_enabled[clip("Sit_Floor_Idle")], 1);
  EXPECT_EQ(panel_.clip_enabled[clip("Walking_C")], 0);
  EXPECT_EQ(panel_.clip_enabled[clip("Sit_Floor_Pose")], 0);
  EXPECT_EQ(panel_.clip_enabled[clip("Walking_A")], 1);
}

// Clips added while the window is open (File > Add clip file...) get the default too, and the
// clips already there keep theirs.
TEST_F(KnightMotionMatchingTest, AddedClipsTakeTheDefault) {
  frame();
  std::vector<anim::Clip> added{scene_.clips()[clip("Sit_Floor_Idle")],
                                scene_.clips()[clip("Idle")]};
  added[0].name = "Nap";
  added[1].name = "Idle_again";
  ASSERT_EQ(scene_.add_clips(std::move(added), "extra.glb", doc_.project()), "");
  frame();
  ASSERT_EQ(panel_.clip_enabled.size(), scene_.clips().size());
  EXPECT_EQ(panel_.clip_enabled[clip("Nap")], 0);
  EXPECT_EQ(panel_.clip_enabled[clip("Idle_again")], 1);
  EXPECT_EQ(panel_.clip_enabled[clip("Sit_Floor_Idle")], 0);
  EXPECT_EQ(panel_.clip_enabled[clip("Walking_A")], 1);
}

}  // namespace
}  // namespace app
