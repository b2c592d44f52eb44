// Where the viewer's panels go in ImGui's main viewport (1280 x 720 in the headless context):
// the layout arithmetic's answer under the menu bar, or the whole width without the side panel.
#include "ui/docked_panels.h"

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

TEST(LayOutPanels, WithTheSidePanelTheyGoWhereArrangePanelsPutsThemUnderTheMenuBar) {
  testing::HeadlessImGui imgui;
  visual::PanelLayout layout;
  layout.left_width = 300.0f;
  float applied = 1.0f;
  imgui.frame([&] {
    const PanelRects r = lay_out_panels(layout, applied, 1.0f, true, true);
    const PanelRects expected =
        arrange_panels(layout, 1280.0f, 720.0f, ImGui::GetFrameHeight(), true);
    EXPECT_EQ(r.left.width, 300.0f);
    EXPECT_EQ(r.left.x, expected.left.x);
    EXPECT_EQ(r.right.width, expected.right.width);
    EXPECT_EQ(r.viewport.x, expected.viewport.x);
    EXPECT_EQ(r.viewport.y, expected.viewport.y);
    EXPECT_EQ(r.viewport.width, expected.viewport.width);
    EXPECT_EQ(r.bottom.height, expected.bottom.height);
  });
  EXPECT_EQ(layout.ui_scale, 1.0f) << "the automatic scale follows the screen's";
  EXPECT_EQ(applied, 1.0f);
}

TEST(LayOutPanels, WithoutTheSidePanelTheViewportAndTimelineTakeTheWholeWidth) {
  testing::HeadlessImGui imgui;
  visual::PanelLayout layout;
  float applied = 1.0f;
  imgui.frame([&] {
    const PanelRects r = lay_out_panels(layout, applied, 1.0f, false, true);
    EXPECT_EQ(r.left.width, 0.0f);
    EXPECT_EQ(r.right.width, 0.0f);
    EXPECT_EQ(r.viewport.x, 0.0f);
    EXPECT_EQ(r.viewport.width, 1280.0f);
    EXPECT_EQ(r.bottom.x, 0.0f);
    EXPECT_EQ(r.bottom.width, 1280.0f);
  });
}

}  // namespace
}  // namespace ui
