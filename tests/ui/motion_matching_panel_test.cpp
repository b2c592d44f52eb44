#include "ui/motion_matching_panel.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui_internal.h>

#include "anim/clip_sampling.h"
#include "anim/locomotion_clips.h"
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
      draw_motion_matching_panel(
          state, view, motion_matching_panel_placement(viewport_x, viewport_y, viewport_width));
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

// The same viewport: the panel opened 330 px wide and 250 px tall, over the torso of the
// character, which the view frames at its middle. It keeps the middle third clear, fits its first
// lines without clipping them, and is as tall as its contents.
TEST(MotionMatchingPanel, OpensClearOfTheViewportsMiddleAndFitsItsContents) {
  testing::HeadlessImGui imgui;
  const float viewport_x = 300.0f, viewport_y = 20.0f, viewport_width = 600.0f;
  MotionMatchingPanelState state;
  const MotionMatchingPanelView view;
  for (int i = 0; i < 3; ++i) {
    imgui.frame([&] {
      draw_motion_matching_panel(
          state, view, motion_matching_panel_placement(viewport_x, viewport_y, viewport_width));
    });
  }
  const ImGuiWindow* panel = ImGui::FindWindowByName("Motion matching");
  ASSERT_NE(panel, nullptr);
  EXPECT_LE(panel->Pos.x + panel->Size.x, viewport_x + viewport_width / 3.0f)
      << "right edge " << panel->Pos.x + panel->Size.x;
  EXPECT_LE(panel->ContentSize.x, panel->WorkRect.GetWidth()) << "a first line is clipped";
  EXPECT_LE(panel->Size.y, panel->TitleBarHeight() + panel->ContentSize.y +
                               2.0f * ImGui::GetStyle().WindowPadding.y + 1.0f)
      << "taller than its contents";
  EXPECT_GT(panel->ContentSize.y, 2.0f * ImGui::GetFontSize()) << "its lines are drawn";
}

// A wide viewport gives the window room, up to 25 font heights; a narrow one still fits its first
// lines.
TEST(MotionMatchingPanel, ItsWidthFollowsTheViewportWithinItsBounds) {
  testing::HeadlessImGui imgui;
  float wide = 0.0f, narrow = 0.0f, font = 0.0f;
  imgui.frame([&] {
    font = ImGui::GetFontSize();
    wide = motion_matching_panel_placement(0.0f, 0.0f, 3000.0f).size.x;
    narrow = motion_matching_panel_placement(0.0f, 0.0f, 200.0f).size.x;
  });
  EXPECT_FLOAT_EQ(wide, 25.0f * font);
  EXPECT_GT(narrow, 200.0f / 3.0f) << "wide enough for its first lines";
  EXPECT_LT(narrow, wide);
}

// A session's clip, costs and history come below the switches of a window fitted to those: the
// window grew a scroll bar and hid them. It fits its contents when a session starts, keeping the
// width the user gave it, and shrinks back when the session ends.
TEST(MotionMatchingPanel, FitsASessionsContentsWhenItStartsAndEnds) {
  const anim::Skeleton skeleton = anim::testing::make_walker_skeleton();
  const std::vector<anim::Clip> clips{
      anim::testing::make_walker_clip("walk", {0.0f, 1.4f}, 0.0f, 2.0f, true),
      anim::testing::make_walker_clip("idle", {0.0f, 0.0f}, 0.0f, 2.0f, true, 0.0f, 2.0f)};
  std::vector<anim::ClipBinding> bindings;
  std::vector<anim::DatabaseSource> sources;
  for (const anim::Clip& clip : clips) bindings.push_back(anim::bind_clip(clip, skeleton));
  for (std::size_t i = 0; i < clips.size(); ++i) {
    sources.push_back({&clips[i], &bindings[i], static_cast<int>(i), false, 0.0f});
  }
  anim::DatabaseSettings settings;
  settings.joints = {1, 2, 0, 0};
  std::string error;
  const anim::MotionMatchingDatabase db =
      anim::build_motion_matching_database(skeleton, sources, settings, &error);
  ASSERT_EQ(error, "");
  const anim::MotionMatchingBounds bounds = anim::build_search_bounds(db);
  anim::MotionMatchingController controller;
  ASSERT_TRUE(controller.init(skeleton, clips, bindings, db, bounds, 0));
  std::vector<anim::Transform> pose(skeleton.parents.size());
  anim::RootMotionDelta step;
  anim::MotionMatchingInput input;
  input.desired_velocity = {0.0f, 0.0f, 1.4f};
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(controller.update(input, 1.0f / 60.0f, pose, step));

  testing::HeadlessImGui imgui;
  MotionMatchingPanelState state;
  const std::vector<std::string> names{"walk", "idle"};
  MotionMatchingPanelView off;
  off.clip_names = names;
  MotionMatchingPanelView on = off;
  on.database = &db;
  on.controller = &controller;
  auto frames = [&](const MotionMatchingPanelView& view) {
    for (int i = 0; i < 4; ++i) {
      imgui.frame([&] {
        draw_motion_matching_panel(state, view,
                                   motion_matching_panel_placement(300.0f, 20.0f, 600.0f));
      });
    }
    return ImGui::FindWindowByName("Motion matching");
  };
  auto fits = [](const ImGuiWindow* w) {
    return w->TitleBarHeight() + w->ContentSize.y + 2.0f * ImGui::GetStyle().WindowPadding.y;
  };
  const ImGuiWindow* panel = frames(off);
  ASSERT_NE(panel, nullptr);
  const float off_height = panel->Size.y;
  EXPECT_NEAR(off_height, fits(panel), 1.0f);
  ImGui::SetWindowSize("Motion matching", {260.0f, off_height});  // the user widens it
  frames(off);

  panel = frames(on);
  EXPECT_GT(panel->Size.y, off_height + 3.0f * ImGui::GetFontSize()) << "the session's lines show";
  EXPECT_NEAR(panel->Size.y, fits(panel), 1.0f);
  EXPECT_FLOAT_EQ(panel->Size.x, 260.0f) << "the user's width is kept";

  panel = frames(off);
  EXPECT_NEAR(panel->Size.y, off_height, 1.0f);
}

}  // namespace
}  // namespace ui
