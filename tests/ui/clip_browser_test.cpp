#include "ui/clip_browser.h"

#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

ClipRow row(const char* file, const char* clip) {
  ClipRow r;
  r.file = file;
  r.clip = clip;
  return r;
}

TEST(ClipSearch, EveryWordMustAppearInTheClipOrFileNameIgnoringCase) {
  const ClipRow walk = row("Locomotion.fbx", "Walk_Forward");
  EXPECT_TRUE(matches_search(walk, ""));
  EXPECT_TRUE(matches_search(walk, "   "));
  EXPECT_TRUE(matches_search(walk, "walk"));
  EXPECT_TRUE(matches_search(walk, "FORWARD walk"));
  EXPECT_TRUE(matches_search(walk, "loco forward"));
  EXPECT_FALSE(matches_search(walk, "walk back"));
  EXPECT_FALSE(matches_search(walk, "run"));
}

TEST(ClipRows, RowShowsTheClipTimelineAndItsLoopReport) {
  anim::Clip clip;
  clip.name = "walk";
  clip.duration_s = 40.0f / 30.0f;
  clip.source_fps = 30.0f;
  anim::ClipLoopReport report;
  report.loops_cleanly = false;
  report.seam_position_m = 0.05f;
  report.seam_rotation_rad = std::numbers::pi_v<float> / 6.0f;
  report.has_root_motion = true;
  report.root_displacement_m = 1.5f;
  report.root_yaw_rad = -std::numbers::pi_v<float> / 2.0f;
  const ClipRow r = make_clip_row("walk.fbx", 3, clip, 7, report);
  EXPECT_EQ(r.file, "walk.fbx");
  EXPECT_EQ(r.clip, "walk");
  EXPECT_EQ(r.frame_count, 41);
  EXPECT_FLOAT_EQ(r.duration_s, 40.0f / 30.0f);
  EXPECT_EQ(r.source_fps, 30.0f);
  EXPECT_FALSE(r.loops_cleanly);
  EXPECT_NEAR(r.seam_rotation_deg, 30.0f, 1e-4f);
  EXPECT_TRUE(r.has_root_motion);
  EXPECT_NEAR(r.root_yaw_deg, -90.0f, 1e-4f);
  EXPECT_EQ(r.file_index, 3);
  EXPECT_EQ(r.clip_index, 7);
}

class ClipBrowserPanel : public ::testing::Test {
 protected:
  // Draws the browser in a fixed, undecorated window at the origin.
  void frame() {
    imgui_.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
      ImGui::SetNextWindowSize(ImVec2(700.0f, 300.0f));
      ImGui::Begin("clips", nullptr, ImGuiWindowFlags_NoDecoration);
      chosen_ = draw_clip_browser(rows_, state_);
      ImGui::End();
    });
  }
  // The y of the middle of the n-th visible table row: below the window padding, the search
  // field and the header row. Needs a frame drawn first (the font size comes with it).
  static float row_y(int n) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float row = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    return style.WindowPadding.y + ImGui::GetFrameHeightWithSpacing() + row * (1.5f + n);
  }
  // A new window takes two frames before the mouse hovers it.
  void settle() {
    frame();
    frame();
  }
  void click(bool down) {
    ImGui::GetIO().MouseDown[0] = down;
    frame();
  }

  testing::HeadlessImGui imgui_;
  std::vector<ClipRow> rows_ = {row("a.fbx", "walk"), row("a.fbx", "run"), row("b.glb", "jump")};
  ClipBrowserState state_;
  std::optional<std::size_t> chosen_;
};

TEST_F(ClipBrowserPanel, ClickSelectsAndDoubleClickChoosesTheRowUnderTheMouse) {
  settle();
  ImGui::GetIO().MousePos = ImVec2(100.0f, row_y(1));
  frame();
  click(true);
  click(false);
  EXPECT_EQ(state_.selected, std::optional<std::size_t>(1));
  EXPECT_FALSE(chosen_);
  click(true);  // the second press within the double-click time
  EXPECT_EQ(chosen_, std::optional<std::size_t>(1));
}

TEST_F(ClipBrowserPanel, SearchHidesRowsAndChoiceIndexesTheFullList) {
  state_.search = "JUMP";
  settle();
  ImGui::GetIO().MousePos = ImVec2(100.0f, row_y(0));  // the only visible row is "jump"
  frame();
  click(true);
  click(false);
  click(true);
  EXPECT_EQ(chosen_, std::optional<std::size_t>(2));
}

}  // namespace
}  // namespace ui
