#include "ui/notice_list.h"

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "headless_imgui.h"
#include "printed_text.h"

namespace ui {
namespace {

// Knight.glb's warnings, as the loader words them (one per clip).
const char* const kKnightIdle =
    "Knight.glb: clip 'Idle' animates joints the character lacks (Rig_Medium)";
const char* const kKnightWalk =
    "Knight.glb: clip 'Walking_A' animates joints the character lacks (Rig_Medium)";

TEST(NoticeKind, LeavesOutNamesListsAndNumbers) {
  EXPECT_EQ(notice_kind(kKnightIdle),
            "Knight.glb: clip '...' animates joints the character lacks (...)");
  EXPECT_EQ(notice_kind("12 vertices have no weights; bound to joint 0"),
            "N vertices have no weights; bound to joint N");
  EXPECT_EQ(notice_kind("the file requires KHR_draco_mesh_compression, which animview ignores"),
            "the file requires KHR_draco_mesh_compression, which animview ignores");
  EXPECT_EQ(notice_kind("an unclosed 'quote"), "an unclosed 'quote");
}

TEST(NoticeList, GroupsByKindAndListsEachWarningOnce) {
  NoticeList list;
  list.add(kKnightIdle);
  list.add("3 vertices have no weights");
  list.add(kKnightWalk);
  list.add(kKnightIdle);  // a reload repeats it
  ASSERT_EQ(list.groups().size(), 2u);
  EXPECT_EQ(list.groups()[0].texts, (std::vector<std::string>{kKnightIdle, kKnightWalk}));
  EXPECT_EQ(list.groups()[1].texts.size(), 1u);
  EXPECT_EQ(list.count(), 3u);
  list.clear();
  EXPECT_TRUE(list.empty());
}

// The issue: Knight's harmless warnings opened a large window over the view on every open.
// A terminal gets a line per kind: the Knight's clip files' 39 warnings are 3 lines, not 39.
TEST(NoticeList, PrintsALinePerKindWithTheCountOfTheRest) {
  const std::vector<std::string> warnings = {
      kKnightIdle, "3 vertices have no weights", kKnightWalk,
      "Knight.glb: clip 'Running_A' animates joints the character lacks (Rig_Medium)",
      kKnightWalk};  // a warning repeated (a reload) is counted once
  const std::string printed =
      testing::printed_text([&](std::FILE* out) { print_notices(warnings, "animview", out); });
  EXPECT_EQ(printed, std::string("animview: warning: ") + kKnightIdle +
                         " (and 2 more like it)\n"
                         "animview: warning: 3 vertices have no weights\n");
}

TEST(NoticeList, WarningsOpenNothingUntilTheCountIsClicked) {
  testing::HeadlessImGui imgui;
  NoticeList list;
  list.add(kKnightIdle);
  list.add(kKnightWalk);
  NoticeListState state;
  bool shown = false;
  ImVec2 button_min, button_max;
  const auto draw = [&] {
    ImGui::SetNextWindowPos(ImVec2(0.0f, 600.0f));
    ImGui::SetNextWindowSize(ImVec2(800.0f, 100.0f));
    ImGui::Begin("status", nullptr, ImGuiWindowFlags_NoDecoration);
    draw_notice_button(list, state);
    button_min = ImGui::GetItemRectMin();
    button_max = ImGui::GetItemRectMax();
    ImGui::TextUnformatted("status text");
    ImGui::End();
    shown = draw_notice_list(list, state, 0.0f, 600.0f);
  };
  imgui.frame(draw);
  imgui.frame(draw);
  EXPECT_FALSE(shown);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2((button_min.x + button_max.x) * 0.5f, (button_min.y + button_max.y) * 0.5f);
  imgui.frame(draw);
  io.MouseDown[0] = true;
  imgui.frame(draw);
  io.MouseDown[0] = false;
  imgui.frame(draw);
  EXPECT_TRUE(state.open);
  imgui.frame(draw);
  EXPECT_TRUE(shown);
}

}  // namespace
}  // namespace ui
