#include "ui/notice_list.h"

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

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

TEST(NoticeFile, IsTheFileAWarningBeginsWith) {
  EXPECT_EQ(notice_file(kKnightIdle), "Knight.glb");
  EXPECT_EQ(notice_message(kKnightIdle),
            "clip 'Idle' animates joints the character lacks (Rig_Medium)");
  EXPECT_EQ(notice_file("/home/a b/dropped demo.glb: texture not found: skin.png"),
            "/home/a b/dropped demo.glb");
  EXPECT_EQ(notice_file("3 vertices have no weights"), "");
  EXPECT_EQ(notice_message("3 vertices have no weights"), "3 vertices have no weights");
  EXPECT_EQ(notice_file("clip 'a.b': has no keys"), "");
  EXPECT_EQ(notice_file("<demo>: units guessed"), "");
  EXPECT_EQ(notice_file("version 2.0: ignored"), "");  // "2.0" is no extension a name ends in
}

// The same kind of warning about two files is two groups, one in each file's section.
TEST(NoticeList, GroupsByFileThenKind) {
  NoticeList list;
  list.add(kKnightIdle);
  list.add("/assets/Fox.glb: clip 'Survey' animates joints the character lacks (b_Tail)");
  list.add(kKnightWalk);
  ASSERT_EQ(list.groups().size(), 2u);
  EXPECT_EQ(list.groups()[0].file, "Knight.glb");
  EXPECT_EQ(list.groups()[0].texts.size(), 2u);
  EXPECT_EQ(list.groups()[1].file, "/assets/Fox.glb");
  EXPECT_EQ(list.groups()[0].kind, list.groups()[1].kind);
}

// A warning from a file deep in folders was one line of which only the path showed, in a
// window of fixed width: the message now comes first, wraps inside the window, and the window
// can be resized.
TEST(NoticeList, LongWarningsWrapInAResizableWindow) {
  testing::HeadlessImGui imgui;
  NoticeList list;
  const std::string folder = "/home/animator/projects/our_game/characters/knight/exports/v12/";
  list.add(folder +
           "Knight.glb: clip 'Death_A_Pose' has zero length; kept as a one-frame pose, "
           "which the timeline shows as a single frame and blend spaces hold still");
  NoticeListState state;
  state.open = true;
  const auto draw = [&] { draw_notice_list(list, state, 0.0f, 700.0f); };
  imgui.frame(draw);
  imgui.frame(draw);
  const ImGuiWindow* window = ImGui::FindWindowByName("Warnings");
  ASSERT_NE(window, nullptr);
  EXPECT_EQ(window->Flags & (ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoResize), 0);
  const float em = ImGui::GetFontSize();
  EXPECT_LE(window->Size.x, em * 41.0f) << "the window is not stretched to the text";
  // The Clear button, the file's header and a message of about 150 characters: on one line
  // they would take three lines; the message wraps onto two or more.
  EXPECT_GT(window->ContentSize.y, ImGui::GetTextLineHeightWithSpacing() * 3.5f);
}

}  // namespace
}  // namespace ui
