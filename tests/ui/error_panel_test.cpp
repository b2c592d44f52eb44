#include "ui/error_panel.h"

#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <imgui_internal.h>

#include "headless_imgui.h"
#include "printed_text.h"
#include "ui/stats_overlay.h"

namespace ui {
namespace {

TEST(ErrorLog, KeepsEveryErrorWithFileAndCauseUntilDismissed) {
  ErrorLog log;
  log.add("walk.fbx", "no animation clips");
  log.add("run.glb", "file not found");
  ASSERT_EQ(log.entries().size(), 2u);
  EXPECT_EQ(log.entries()[0].file, "walk.fbx");
  EXPECT_EQ(log.entries()[0].cause, "no animation clips");
  log.dismiss(0);
  ASSERT_EQ(log.entries().size(), 1u);
  EXPECT_EQ(log.entries()[0].file, "run.glb");
  log.dismiss(5);  // past the end: ignored
  EXPECT_EQ(log.entries().size(), 1u);
  log.clear();
  EXPECT_TRUE(log.empty());
}

TEST(ErrorLog, RepeatedErrorRaisesItsCount) {
  ErrorLog log;
  log.add("walk.fbx", "truncated file");
  log.add("walk.fbx", "other cause");
  log.add("walk.fbx", "truncated file");
  ASSERT_EQ(log.entries().size(), 2u);
  EXPECT_EQ(log.entries()[0].count, 2);
  EXPECT_EQ(log.entries()[1].count, 1);
}

TEST(ErrorLog, ACauseThatNamesItsFileLosesThatName) {
  ErrorLog log;
  log.add("/tmp/walk.fbx", "/tmp/walk.fbx: the file does not exist");
  log.add("/tmp/walk.fbx", "/tmp/walk.fbx:1: unexpected token");  // a location, not the prefix
  log.add("run.glb", "/tmp/walk.fbx: truncated");                 // another file's name stays
  ASSERT_EQ(log.entries().size(), 3u);
  EXPECT_EQ(log.entries()[0].cause, "the file does not exist");
  EXPECT_EQ(log.entries()[1].cause, "/tmp/walk.fbx:1: unexpected token");
  EXPECT_EQ(log.entries()[2].cause, "/tmp/walk.fbx: truncated");
}

TEST(ErrorLog, PrintsALineEachWithItsFileWhenItHasOne) {
  ErrorLog log;
  log.add("walk.fbx", "truncated file");
  log.add("", "no file given");
  const std::string printed =
      testing::printed_text([&](std::FILE* out) { print_errors(log, "animview", out); });
  EXPECT_EQ(printed, "animview: walk.fbx: truncated file\nanimview: no file given\n");
}

TEST(ErrorPanel, DrawingNeverDismissesAnError) {
  testing::HeadlessImGui imgui;
  ErrorLog log;
  log.add("a.fbx", "bad");
  log.add("", "no file given");
  const auto frame = [&] { imgui.frame([&] { draw_error_panel(log, 640.0f, 30.0f); }); };
  for (int i = 0; i < 30; ++i) frame();
  EXPECT_EQ(log.entries().size(), 2u);  // half a second on screen; only the user dismisses
}

// The viewport of a 960-pixel window between its side panels: the panel used to open centred
// on the window, under the stats overlay in the viewport's corner, which hid its causes' ends.
TEST(ErrorPanel, OpensBelowTheStatsOverlayOfTheViewport) {
  testing::HeadlessImGui imgui;
  ImGui::GetIO().DisplaySize = ImVec2(960.0f, 540.0f);
  const float viewport_x = 300.0f, viewport_y = 20.0f, viewport_width = 325.0f;
  ErrorLog log;
  log.add("walk_missing.bvh", "the file does not exist, nor does its folder /tmp/errp/clips");
  float stats_bottom = 0.0f;
  for (int i = 0; i < 3; ++i) {  // auto-resized windows take their size after a frame
    imgui.frame([&] {
      stats_bottom = stats_overlay_bottom(viewport_y);  // needs a frame's font
      draw_error_panel(log, viewport_x + viewport_width * 0.5f, stats_bottom + 8.0f);
      draw_stats_overlay(FrameStats{}, viewport_x + viewport_width, viewport_y);
    });
  }
  const ImGuiWindow* stats = ImGui::FindWindowByName("##stats");
  const ImGuiWindow* errors = ImGui::FindWindowByName("Errors");
  ASSERT_NE(stats, nullptr);
  ASSERT_NE(errors, nullptr);
  EXPECT_GT(stats_bottom, viewport_y + 40.0f);  // three lines of text
  EXPECT_FLOAT_EQ(stats_bottom, stats->Pos.y + stats->Size.y);
  EXPECT_FALSE(stats->Rect().Overlaps(errors->Rect()))
      << "stats " << stats->Pos.x << "," << stats->Pos.y << " " << stats->Size.x << "x"
      << stats->Size.y << "; errors " << errors->Pos.x << "," << errors->Pos.y;
  EXPECT_FLOAT_EQ(errors->Pos.y, stats_bottom + 8.0f);
  EXPECT_NEAR(errors->Pos.x + errors->Size.x * 0.5f, viewport_x + viewport_width * 0.5f, 1.0f);
}

}  // namespace
}  // namespace ui
