#include "ui/blend_space_editor.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "headless_imgui.h"
#include "ui/clip_browser.h"

namespace ui {
namespace {

using testing::HeadlessImGui;

// The demo's layout: +x is the character's left (glTF: Y-up, facing +z).
anim::BlendSpace2D directional() {
  anim::BlendSpace2D space;
  space.mode = anim::BlendMode2D::FreeformDirectional;
  space.samples = {{"idle", {0.0f, 0.0f}},
                   {"walk_forward", {0.0f, 1.0f}},
                   {"walk_left", {1.0f, 0.0f}},
                   {"walk_right", {-1.0f, 0.0f}}};
  return space;
}

struct EditorHarness {
  HeadlessImGui imgui;
  anim::BlendSpace2D space = directional();
  std::vector<std::string> clips = {"idle", "walk_forward", "walk_left", "walk_right"};
  BlendSpaceEditorState state;
  BlendSpaceEditorChange change;

  void frame() {
    imgui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
      ImGui::SetNextWindowSize(ImVec2(700.0f, 700.0f));
      ImGui::Begin("Blend space");
      const BlendSpaceEditorChange c = draw_blend_space_editor(state, space, clips, {}, {});
      change.point |= c.point;
      change.space |= c.space;
      ImGui::End();
    });
  }
  // Where the space point p is drawn, from the corners the editor reports.
  ImVec2 screen_of(glm::vec2 p) const {
    const glm::vec2 t = (p - glm::vec2(-1.0f)) / 2.0f;
    return {state.screen_of_min.x + t.x * (state.screen_of_max.x - state.screen_of_min.x),
            state.screen_of_min.y + t.y * (state.screen_of_max.y - state.screen_of_min.y)};
  }
  void click(ImVec2 at) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = at;
    frame();
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
  }
};

TEST(BlendSpaceEditor, TheCharactersRightIsOnThePlotsRight) {
  EditorHarness h;
  h.frame();
  // +x (the character's left) is drawn leftwards: walk_right sits right of walk_left.
  EXPECT_GT(h.state.screen_of_min.x, h.state.screen_of_max.x);
  EXPECT_GT(h.screen_of({-1.0f, 0.0f}).x, h.screen_of({1.0f, 0.0f}).x);
  // Forward is up (screen y grows downwards).
  EXPECT_LT(h.state.screen_of_max.y, h.state.screen_of_min.y);
  // Clicking right of the centre puts the stored point at negative x: the positions and the
  // point stay in the file's convention.
  h.state.snap_to_grid = false;
  h.click(h.screen_of({-0.5f, 0.0f}));
  EXPECT_TRUE(h.change.point);
  EXPECT_NEAR(h.state.point.x, -0.5f, 0.02f);
  EXPECT_EQ(h.space.samples[3].position, glm::vec2(-1.0f, 0.0f));
  // Without the mirror (a file whose +x is the character's right) x grows rightwards.
  h.state.x_grows_left = false;
  h.frame();
  EXPECT_LT(h.state.screen_of_min.x, h.state.screen_of_max.x);
}

// A character facing -Z walks forward at negative velocity z: the plot draws that axis mirrored
// (its top edge reads 4.892), and the range fields read the same way, not -4.892..1.
TEST(BlendSpaceEditor, AMirroredAxisRangeReadsAsThePlot) {
  EXPECT_EQ(mirrored_range({-4.892f, 1.0f}, true), glm::vec2(-1.0f, 4.892f));
  EXPECT_EQ(mirrored_range({-1.0f, 5.0f}, true), glm::vec2(-5.0f, 1.0f));  // 5 typed as the end
  EXPECT_EQ(mirrored_range({-4.892f, 1.0f}, false), glm::vec2(-4.892f, 1.0f));
}

TEST(BlendSpaceEditor, SnapToGridSnapsThePoint) {
  EditorHarness h;
  h.state.snap_to_grid = true;
  h.state.grid_divisions = 8;  // lines every 0.25 over [-1, 1]
  h.frame();
  h.click(h.screen_of({0.3f, 0.6f}));
  EXPECT_FLOAT_EQ(h.state.point.x, 0.25f);
  EXPECT_FLOAT_EQ(h.state.point.y, 0.5f);
}

TEST(BlendSpaceEditor, ThePlotFillsThePanelsWidth) {
  EditorHarness h;
  h.frame();
  // The window is 700 px wide: the plot spans all of it but the y labels' margin and padding.
  EXPECT_GT(h.state.screen_of_min.x - h.state.screen_of_max.x, 600.0f);
  EXPECT_GT(h.state.screen_of_min.y - h.state.screen_of_max.y, 300.0f);
}

TEST(ClipPicking, CtrlClickAddsAndRemovesAPlainClickPicksOne) {
  std::vector<std::size_t> picked;
  pick_clip_row(picked, 3, false);
  pick_clip_row(picked, 5, true);
  pick_clip_row(picked, 1, true);
  EXPECT_EQ(picked, (std::vector<std::size_t>{3, 5, 1}));
  pick_clip_row(picked, 5, true);
  EXPECT_EQ(picked, (std::vector<std::size_t>{3, 1}));
  pick_clip_row(picked, 7, false);
  EXPECT_EQ(picked, (std::vector<std::size_t>{7}));
}

}  // namespace
}  // namespace ui
