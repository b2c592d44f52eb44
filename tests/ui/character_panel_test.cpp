#include "ui/character_panel.h"

#include <string>

#include <gtest/gtest.h>

#include <imgui_internal.h>  // the window's widest item

#include "headless_imgui.h"

namespace ui {
namespace {

// The viewer's side panel is about this wide.
constexpr float kSidePanelWidth = 290.0f;

// The Character tab's height, drawn in a window width pixels wide.
float panel_height(const importer::Character& character, float width = kSidePanelWidth) {
  testing::HeadlessImGui imgui;
  float height = 0.0f;
  for (int frame = 0; frame < 2; ++frame) {  // the window takes its size on the first frame
    imgui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(width, 700.0f));
      ImGui::Begin("Character tab");
      ViewSettings view;
      anim::CharacterSettings settings;
      anim::Terrain terrain;
      ClipStorage storage;
      CharacterPanelActions actions;
      const float top = ImGui::GetCursorPosY();
      draw_character_panel(character, {}, {}, view, settings, terrain, true, storage, actions);
      height = ImGui::GetCursorPosY() - top;
      ImGui::End();
    });
  }
  return height;
}

// A text line's height; with_spacing: also the gap to the next item.
float line_height(bool with_spacing = false) {
  testing::HeadlessImGui imgui;
  float line = 0.0f;
  imgui.frame([&] {
    line = with_spacing ? ImGui::GetTextLineHeightWithSpacing() : ImGui::GetTextLineHeight();
  });
  return line;
}

// A warning wider than the panel is wrapped onto lines of its own, not cut off at the edge.
TEST(CharacterPanel, ALongImportWarningIsWrappedToBeReadWhole) {
  importer::Character character;
  character.source_path = "/models/Knight.glb";
  character.report.warnings = {"short"};
  const float one_line = panel_height(character);
  // As the importer writes them: a clip name and the joints it animates that are not there.
  character.report.warnings = {
      "clip 'Rig_Medium|Jump_Full_Long' animates joints the character lacks (Rig_Medium, "
      "handslot.l, handslot.r, head_socket, spine_socket); they are ignored"};
  const float wrapped = panel_height(character);
  // About 170 characters at 7 pixels each in a 290-pixel panel: four lines or more.
  EXPECT_GE(wrapped - one_line, 3.0f * line_height());
}

// Up to three warnings are listed under an open node; more stay folded under it, one line.
TEST(CharacterPanel, ManyWarningsAreFoldedUnderOneLine) {
  importer::Character character;
  const float none = panel_height(character);
  character.report.warnings = {"one", "two", "three"};
  EXPECT_FLOAT_EQ(panel_height(character) - none, 4.0f * line_height(true));
  character.report.warnings.push_back("four");
  EXPECT_FLOAT_EQ(panel_height(character) - none, line_height(true));
}

// "0 joints, 15 meshes, 0 vertices, 0 triangles" is 45 characters, 315 pixels: two lines in
// the side panel, one in a wide window.
TEST(CharacterPanel, TheSummaryLineIsWrappedInTheSidePanel) {
  importer::Character character;
  character.meshes.resize(15);
  EXPECT_FLOAT_EQ(panel_height(character) - panel_height(character, 900.0f), line_height());
}

// At 800x600 the side panel is about 194 pixels wide: every label, checkbox row and slider of
// the panel (stairs shown, so the terrain's sliders too) ends inside it, where before "Step
// height (" and the toggles' second columns were cut off at the edge.
TEST(CharacterPanel, NothingIsCutOffInTheNarrowestPanel) {
  testing::HeadlessImGui imgui;
  float widest = 0.0f, right = 0.0f;
  for (int frame = 0; frame < 2; ++frame) {
    imgui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(194.0f, 700.0f));
      ImGui::Begin("Character tab");
      ViewSettings view;
      anim::CharacterSettings settings;
      anim::Terrain terrain;
      terrain.shape = anim::TerrainShape::Stairs;
      ClipStorage storage;
      CharacterPanelActions actions;
      draw_character_panel(importer::Character{}, {}, {}, view, settings, terrain, true, storage,
                           actions);
      widest = ImGui::GetCurrentWindow()->DC.CursorMaxPos.x;
      right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
      ImGui::End();
    });
  }
  EXPECT_LE(widest, right + 0.5f);
}

// A click on the foot IK box edits the settings in place and says so in that frame only: the
// viewer hands the settings to the player when told, not every frame.
TEST(CharacterPanel, AClickOnFootIkReportsTheSettingsChangedInThatFrameOnly) {
  testing::HeadlessImGui imgui;
  ViewSettings view;
  anim::CharacterSettings settings;
  settings.foot_ik = false;
  anim::Terrain terrain;
  ClipStorage storage;
  CharacterPanelActions actions;
  const auto frame = [&] {
    imgui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(kSidePanelWidth, 700.0f));
      ImGui::Begin("Character tab");
      actions = {};
      draw_character_panel(importer::Character{}, {}, {}, view, settings, terrain, true, storage,
                           actions);
      ImGui::End();
    });
  };
  frame();
  frame();
  EXPECT_FALSE(actions.settings_changed) << "drawing alone changes nothing";
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(actions.controls.foot_ik.x, actions.controls.foot_ik.y);
  frame();
  io.MouseDown[0] = true;
  frame();
  EXPECT_FALSE(actions.settings_changed) << "a checkbox toggles on release";
  io.MouseDown[0] = false;
  frame();
  EXPECT_TRUE(settings.foot_ik);
  EXPECT_TRUE(actions.settings_changed);
  frame();
  EXPECT_FALSE(actions.settings_changed);
}

}  // namespace
}  // namespace ui
