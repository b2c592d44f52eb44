#include "ui/panel_layout.h"

#include <cmath>

#include <gtest/gtest.h>
#include <imgui.h>

#include "headless_imgui.h"

namespace ui {
namespace {

// The complaint: at 800x600 the viewport was about 30 px wide (340 + 430 px panels).
TEST(PanelLayout, SmallWindowsKeepAUsableViewport) {
  const visual::PanelLayout layout;  // automatic widths, both panels open
  for (const auto& [w, h] : {std::pair{800.0f, 600.0f}, std::pair{1024.0f, 640.0f}}) {
    const PanelRects r = arrange_panels(layout, w, h, 20.0f, true);
    // Both panels must shrink at these sizes, and leave the viewport exactly its minimum.
    EXPECT_EQ(r.viewport.width, kMinViewportWidth) << w << "x" << h;
    EXPECT_FLOAT_EQ(r.left.width + r.viewport.width + r.right.width, w);
    EXPECT_FLOAT_EQ(r.viewport.x, r.left.width);
    EXPECT_FLOAT_EQ(r.right.x, w - r.right.width);
    EXPECT_GT(r.left.width, 100.0f);  // shrunk, not gone
    EXPECT_GT(r.right.width, 100.0f);
  }
}

TEST(PanelLayout, AutomaticPanelsGrowWithTheWindowUpToACeiling) {
  const visual::PanelLayout layout;
  const PanelRects hd = arrange_panels(layout, 1600.0f, 900.0f, 20.0f, true);
  const PanelRects uhd = arrange_panels(layout, 3840.0f, 2160.0f, 20.0f, true);
  EXPECT_FLOAT_EQ(hd.left.width, 1600.0f * 0.22f);   // 352 px
  EXPECT_FLOAT_EQ(hd.right.width, 1600.0f * 0.26f);  // 416 px
  EXPECT_FLOAT_EQ(uhd.left.width, 560.0f);           // the ceilings
  EXPECT_FLOAT_EQ(uhd.right.width, 720.0f);
  EXPECT_FLOAT_EQ(uhd.viewport.width, 3840.0f - 560.0f - 720.0f);
  EXPECT_FLOAT_EQ(uhd.viewport.height, 2160.0f - 20.0f - 118.0f);
  EXPECT_FLOAT_EQ(uhd.bottom.y, 20.0f + uhd.viewport.height);
}

// A shape's weight curve on the timeline: the timeline grows upwards into the viewport, which
// keeps at least half its height in a small window.
TEST(PanelLayout, TheTimelineGrowsIntoTheViewportForACurve) {
  PanelRects r = arrange_panels(visual::PanelLayout{}, 1280.0f, 720.0f, 20.0f, true);
  const PanelRects before = r;
  grow_bottom_panel(r, 44.0f);
  EXPECT_FLOAT_EQ(r.viewport.height, before.viewport.height - 44.0f);
  EXPECT_FLOAT_EQ(r.bottom.height, before.bottom.height + 44.0f);
  EXPECT_FLOAT_EQ(r.bottom.y, r.viewport.y + r.viewport.height);
  EXPECT_FLOAT_EQ(r.bottom.y + r.bottom.height, 720.0f);
  PanelRects tiny = arrange_panels(visual::PanelLayout{}, 500.0f, 150.0f, 20.0f, true);
  const float viewport = tiny.viewport.height;
  grow_bottom_panel(tiny, 500.0f);
  EXPECT_FLOAT_EQ(tiny.viewport.height, 0.5f * viewport);
}

TEST(PanelLayout, ChosenWidthsScaleWithTheUiAndCollapsedPanelsBecomeStrips) {
  visual::PanelLayout layout;
  layout.left_width = 400.0f;
  layout.right_open = false;
  layout.ui_scale = 2.0f;
  const PanelRects r = arrange_panels(layout, 3840.0f, 2160.0f, 40.0f, true);
  EXPECT_FLOAT_EQ(r.left.width, 800.0f);
  EXPECT_FLOAT_EQ(r.right.width, kCollapsedStripWidth * 2.0f);
  EXPECT_FLOAT_EQ(r.bottom.height, 236.0f);
  EXPECT_FLOAT_EQ(r.viewport.width, 3840.0f - 800.0f - 44.0f);
}

TEST(PanelLayout, OnlyOpenPanelsShrinkAndNoRightPanelTakesNoRoom) {
  visual::PanelLayout layout;
  layout.left_width = 2000.0f;  // dragged far too wide
  layout.right_open = false;
  const PanelRects r = arrange_panels(layout, 1024.0f, 640.0f, 20.0f, true);
  EXPECT_FLOAT_EQ(r.right.width, kCollapsedStripWidth);
  EXPECT_FLOAT_EQ(r.viewport.width, kMinViewportWidth);
  EXPECT_FLOAT_EQ(r.left.width, 1024.0f - kMinViewportWidth - kCollapsedStripWidth);
  const PanelRects none = arrange_panels(visual::PanelLayout{}, 1024.0f, 640.0f, 20.0f, false);
  EXPECT_FLOAT_EQ(none.right.width, 0.0f);
  EXPECT_FLOAT_EQ(none.left.width, 300.0f);  // the automatic floor
  EXPECT_FLOAT_EQ(none.viewport.width, 724.0f);
}

TEST(PanelLayout, ATinyWindowStillGivesHalfToTheViewport) {
  const PanelRects r = arrange_panels(visual::PanelLayout{}, 500.0f, 400.0f, 20.0f, true);
  EXPECT_FLOAT_EQ(r.viewport.width, 250.0f);
  EXPECT_GT(r.viewport.height, 200.0f);
}

// Dragging the splitter in a real ImGui frame changes the width by the mouse's travel.
TEST(PanelLayout, DraggingASplitterResizesThePanel) {
  testing::HeadlessImGui imgui;
  float width = 300.0f;
  const auto draw = [&] { draw_vertical_splitter("##split", width, 20.0f, 500.0f, 1.0f, width); };
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(300.0f, 200.0f);
  imgui.frame(draw);
  imgui.frame(draw);
  io.MouseDown[0] = true;
  imgui.frame(draw);
  io.MousePos = ImVec2(360.0f, 200.0f);
  imgui.frame(draw);
  io.MouseDown[0] = false;
  imgui.frame(draw);
  EXPECT_FLOAT_EQ(width, 360.0f);
}

// The desktop's content scale wins where it says something.
TEST(ScreenUiScale, FollowsTheContentScale) {
  EXPECT_FLOAT_EQ(screen_ui_scale(2.0f, 1920, 527), 2.0f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.5f, 0, 0), 1.5f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.3f, 0, 0), 1.25f);  // quarter steps
  EXPECT_FLOAT_EQ(screen_ui_scale(4.0f, 0, 0), 3.0f);   // at most 3
}

// Without one (X11 without Xft.dpi), the monitor's density against 96 dpi, by hand:
// 1920 px over 527 mm (24" full HD) = 92.5 dpi -> 0.96 -> 1; 3840 px over 597 mm (27" 4K) =
// 163.4 dpi -> 1.70 -> 1.75; 2560 px over 340 mm (a 15" laptop) = 191.3 dpi -> 1.99 -> 2.
TEST(ScreenUiScale, ElseFollowsTheMonitorsDensity) {
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 1920, 527), 1.0f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 3840, 597), 1.75f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 2560, 340), 2.0f);
  EXPECT_FLOAT_EQ(screen_ui_scale(NAN, 2560, 340), 2.0f);
}

// Screens that report no size, or one that cannot be right, keep the scale at 1.
TEST(ScreenUiScale, UnknownOrImpossibleSizesGiveOne) {
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 1920, 0), 1.0f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 0, 500), 1.0f);
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 1920, 10), 1.0f);     // 4877 dpi
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 640, 100000), 1.0f);  // 0.16 dpi
  EXPECT_FLOAT_EQ(screen_ui_scale(1.0f, 1280, 1000), 1.0f);   // 33 dpi
}

}  // namespace
}  // namespace ui
