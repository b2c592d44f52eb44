#include "ui/motion_matching_panel.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui_internal.h>

#include "headless_imgui.h"
#include "ui/stats_overlay.h"

namespace ui {
namespace {

// The viewport of a 1280x720 window between the default side panels (300 px and 380 px wide):
// the panel opened at a fixed place, under the stats overlay in the viewport's top-right corner,
// which hid its first lines. It opens below the overlay at its tallest (the timings and the
// foot-slide meter's three lines), at the viewport's left edge.
TEST(MotionMatchingPanel, OpensBelowTheStatsOverlayOfTheViewport) {
  testing::HeadlessImGui imgui;
  const float viewport_x = 300.0f, viewport_y = 20.0f, viewport_width = 600.0f;
  const std::vector<std::string> slide_lines{
      "Slide per step, clip walk_forward: L 0.1 cm 0.2%  R 0.1 cm 0.2%",
      "  at locomotion (0.00, 1.40): L 0.1 cm 0.2%  R 0.1 cm 0.2%",
      "  idle -> walk: L 0.1 cm 0.2%  R 0.1 cm 0.2%"};
  MotionMatchingPanelState state;
  const MotionMatchingPanelView view;
  for (int i = 0; i < 3; ++i) {  // auto-resized windows take their size after a frame
    imgui.frame([&] {
      draw_motion_matching_panel(state, view, motion_matching_panel_origin(viewport_x, viewport_y));
      draw_stats_overlay(FrameStats{}, viewport_x + viewport_width, viewport_y, slide_lines);
    });
  }
  const ImGuiWindow* stats = ImGui::FindWindowByName("##stats");
  const ImGuiWindow* panel = ImGui::FindWindowByName("Motion matching");
  ASSERT_NE(stats, nullptr);
  ASSERT_NE(panel, nullptr);
  EXPECT_FALSE(stats->Rect().Overlaps(panel->Rect()))
      << "stats " << stats->Pos.x << "," << stats->Pos.y << " " << stats->Size.x << "x"
      << stats->Size.y << "; panel " << panel->Pos.x << "," << panel->Pos.y << " " << panel->Size.x
      << "x" << panel->Size.y;
  EXPECT_FLOAT_EQ(panel->Pos.x, viewport_x + 8.0f) << "at the viewport's left edge";
}

}  // namespace
}  // namespace ui
