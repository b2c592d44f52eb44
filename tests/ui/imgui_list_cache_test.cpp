#include "ui/imgui_list_cache.h"

#include <vector>

#include <gtest/gtest.h>

#include "ui/headless_imgui.h"

namespace ui {
namespace {

ListFrame still(PixelRect extent) {
  return {true, true, extent, extent, {}};
}
ListFrame changed(PixelRect extent, PixelRect last_extent) {
  return {false, true, extent, last_extent, {}};
}

std::vector<ListReuse> plan(const std::vector<ListFrame>& lists, PixelRect redrawn) {
  std::vector<ListReuse> result;
  plan_list_reuse(lists, redrawn, result);
  return result;
}

TEST(ImGuiListReuse, AListThatStoodStillAwayFromChangesIsCopiedWhole) {
  const auto p = plan({still({0, 0, 100, 100})}, {200, 0, 100, 100});
  ASSERT_EQ(p.size(), 1u);
  EXPECT_TRUE(p[0].copy);
  EXPECT_TRUE(p[0].redraw.empty());
}

TEST(ImGuiListReuse, WhereItTouchesTheRedrawnViewItIsDrawnAgain) {
  // A docked panel's border reaches one column into the 3D view.
  const auto p = plan({still({0, 0, 101, 100})}, {100, 0, 200, 100});
  EXPECT_TRUE(p[0].copy);
  EXPECT_EQ(p[0].redraw, (PixelRect{100, 0, 1, 100}));
}

TEST(ImGuiListReuse, AnEarlierChangedListIsDrawnOverWhereItLiesAndWhereItWas) {
  const auto p = plan({changed({90, 0, 20, 50}, {90, 0, 20, 50}), still({0, 0, 100, 100})},
                      {500, 500, 10, 10});
  EXPECT_FALSE(p[0].copy);
  EXPECT_TRUE(p[1].copy);
  EXPECT_EQ(p[1].redraw, (PixelRect{90, 0, 10, 50}));
  // Moved away from the panel: the pixels it left there change too (the box around both places).
  const auto moved = plan({changed({300, 0, 10, 10}, {50, 60, 10, 10}), still({0, 0, 100, 100})},
                          {500, 500, 10, 10});
  EXPECT_TRUE(moved[1].copy);
  EXPECT_EQ(moved[1].redraw, (PixelRect{50, 0, 50, 70}));
}

TEST(ImGuiListReuse, OverHalfToDrawAgainDrawsTheWholeListWhichThenChangedEverywhere) {
  const auto p = plan({changed({0, 0, 60, 100}, {0, 0, 60, 100}), still({0, 0, 100, 100}),
                       still({50, 0, 100, 100})},
                      {500, 500, 10, 10});
  EXPECT_EQ(p[0].changed, (PixelRect{0, 0, 60, 100}));
  EXPECT_FALSE(p[1].copy);  // 6,000 of its 10,000 pixels
  EXPECT_EQ(p[1].changed, (PixelRect{0, 0, 100, 100}));
  // The third lies half over the second, all of which counts as changed: exactly half redrawn.
  EXPECT_TRUE(p[2].copy);
  EXPECT_EQ(p[2].redraw, (PixelRect{50, 0, 50, 100}));
  EXPECT_EQ(p[2].changed, p[2].redraw);  // the rest is last frame's
}

TEST(ImGuiListReuse, OtherTexturesNewBytesAndStaleCopiesAreNotCopied) {
  ListFrame image = still({0, 0, 50, 50});
  image.font_only = false;  // a texture that may hold new pixels under the same bytes
  ListFrame panel = still({0, 0, 400, 400});
  panel.stale = {150, 150, 10, 10};  // drawn over last frame, not copied since
  const auto p = plan({image, panel, changed({300, 0, 10, 10}, {300, 0, 10, 10})}, {});
  EXPECT_FALSE(p[0].copy);
  EXPECT_TRUE(p[1].copy);
  EXPECT_EQ(p[1].redraw, (PixelRect{0, 0, 160, 160}));  // the image's and the stale part's box
  EXPECT_FALSE(p[2].copy);
}

TEST(ImGuiListExtent, FillsExtentIsTheirBoxInGlRowsCutByTheirClipRectangles) {
  testing::HeadlessImGui imgui;
  ImGui::GetIO().DisplaySize = ImVec2(320.0f, 240.0f);
  imgui.frame([] {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddRectFilled(ImVec2(10.0f, 20.0f), ImVec2(50.0f, 60.0f), IM_COL32(255, 0, 0, 255));
    ImGui::GetForegroundDrawList()->PushClipRect(ImVec2(0.0f, 0.0f), ImVec2(30.0f, 240.0f));
    ImGui::GetForegroundDrawList()->AddRectFilled(ImVec2(10.5f, 20.0f), ImVec2(50.0f, 60.25f),
                                                  IM_COL32(0, 255, 0, 255));
    ImGui::GetForegroundDrawList()->PopClipRect();
    // A vertex far off screen: the extent stops at the clip rectangle, the display's.
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(100.0f, 0.0f), ImVec2(1e30f, 5.0f),
                                                  IM_COL32(0, 0, 255, 255));
  });
  const ImDrawData& data = *ImGui::GetDrawData();
  ASSERT_EQ(data.CmdListsCount, 2);
  // Rows 0 to 60 from the top of 240 are GL rows 180 to 240; columns 10 to the display's edge.
  EXPECT_EQ(list_extent(*data.CmdLists[0], data, 240), (PixelRect{10, 180, 310, 60}));
  // Cut at x 30; the fractional edges round outwards: columns 10..29, rows 179..219.
  EXPECT_EQ(list_extent(*data.CmdLists[1], data, 240), (PixelRect{10, 179, 20, 41}));
}

}  // namespace
}  // namespace ui
