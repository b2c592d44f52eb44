// The Retarget panel's Quality table: a row per chain and per leg with the report's figures as
// `animview retarget --report` prints them, and a chain's worst moment a button that asks to seek
// there.
#include "ui/retarget_panel.h"

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

// The least map the panel draws past its "no map" line: one target joint driven by one source
// joint, no chains.
anim::RetargetMap one_joint_map() {
  anim::RetargetMap map;
  map.target.joint_names = {"hips"};
  map.source.joint_names = {"Hips"};
  anim::RetargetJoint joint;
  joint.source_a = 0;
  joint.source_b = 0;
  map.joints = {joint};
  return map;
}

anim::RetargetReport two_chains() {
  anim::RetargetReport report;
  anim::RetargetChainReport leg;
  leg.name = "left leg";
  leg.role = anim::LimbRole::Leg;
  leg.end_error_m = 0.0312f;
  leg.end_error_leg = 0.0334f;
  leg.end_error_time_s = 1.25f;
  leg.planted_height_error_m = 0.0027f;
  leg.planted_height_error_leg = 0.0029f;
  leg.slide_per_step_leg = 0.0066f;
  leg.source_slide_per_step_leg = 0.0114f;
  leg.steps = 11;
  anim::RetargetChainReport arm;
  arm.name = "right arm";
  arm.role = anim::LimbRole::Arm;
  arm.end_error_m = 0.0368f;
  arm.end_error_leg = 0.0396f;
  arm.end_error_time_s = 0.5f;
  report.chains = {leg, arm};
  return report;
}

TEST(RetargetPanel, TheQualityTableShowsEachChainsFiguresAndSeeksToItsWorstMoment) {
  testing::HeadlessImGui imgui;
  std::vector<project::ProjectRetarget> entries(1);
  entries[0].file = "walk.fbx";
  const anim::RetargetMap map = one_joint_map();
  const anim::RetargetReport report = two_chains();
  RetargetPanelState state;
  state.open = true;
  RetargetPanelChange change;
  const auto draw = [&] {
    change = draw_retarget_panel(entries, &map, "", RetargetQuality{"walk", &report, {}}, state);
  };
  imgui.frame(draw);
  imgui.frame(draw);  // the window has its size from the second frame on
  ASSERT_EQ(state.quality_rows.size(), 2u);
  EXPECT_EQ(state.quality_rows[0], (std::vector<std::string>{"left leg", "3.12", "3.34", "1.25"}));
  EXPECT_EQ(state.quality_rows[1], (std::vector<std::string>{"right arm", "3.68", "3.96", "0.50"}));
  // The feet: the leg alone.
  ASSERT_EQ(state.feet_rows.size(), 1u);
  EXPECT_EQ(state.feet_rows[0],
            (std::vector<std::string>{"left leg", "0.27", "0.29", "0.66", "1.14", "11"}));
  EXPECT_LT(change.seek_s, 0.0f);

  // A click on the leg's worst moment asks for 1.25 s, once.
  ASSERT_EQ(state.worst_time_at.size(), 2u);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(state.worst_time_at[0].x, state.worst_time_at[0].y);
  imgui.frame(draw);
  io.MouseDown[0] = true;
  imgui.frame(draw);
  io.MouseDown[0] = false;
  imgui.frame(draw);
  EXPECT_FLOAT_EQ(change.seek_s, 1.25f);
  imgui.frame(draw);
  EXPECT_LT(change.seek_s, 0.0f);
}

TEST(RetargetPanel, AFailedReportDrawsNoRowsAndArmsAloneNoFeet) {
  testing::HeadlessImGui imgui;
  std::vector<project::ProjectRetarget> entries(1);
  const anim::RetargetMap map = one_joint_map();
  anim::RetargetReport report;
  report.error = "clip 'walk' has no duration";
  RetargetPanelState state;
  state.open = true;
  imgui.frame([&] { draw_retarget_panel(entries, &map, "", {"walk", &report, {}}, state); });
  EXPECT_TRUE(state.quality_rows.empty() && state.feet_rows.empty());
  imgui.frame([&] { draw_retarget_panel(entries, &map, "", {"walk", nullptr, {}}, state); });
  EXPECT_TRUE(state.quality_rows.empty());
  // Arms alone: their rows, and no feet table.
  report = two_chains();
  report.chains.erase(report.chains.begin());
  imgui.frame([&] { draw_retarget_panel(entries, &map, "", {"walk", &report, {}}, state); });
  EXPECT_EQ(state.quality_rows.size(), 1u);
  EXPECT_TRUE(state.feet_rows.empty());
}

// A file of several clips: a combo picks the clip to measure, and the panel asks for it once;
// under the tables a line says how planted feet are kept (a map without legs has none).
TEST(RetargetPanel, TheClipComboPicksAnotherClipToMeasure) {
  testing::HeadlessImGui imgui;
  std::vector<project::ProjectRetarget> entries(1);
  entries[0].file = "moves.fbx";
  const anim::RetargetMap map = one_joint_map();
  const anim::RetargetReport report = two_chains();
  RetargetPanelState state;
  state.open = true;
  RetargetPanelChange change;
  RetargetQuality quality{"walk", &report, {"walk", "run", "idle"}};
  const auto draw = [&] { change = draw_retarget_panel(entries, &map, "", quality, state); };
  imgui.frame(draw);
  imgui.frame(draw);
  EXPECT_EQ(state.planted_feet.brief, "none: no legs");
  ASSERT_NE(state.clip_combo_at, glm::vec2(0.0f));
  EXPECT_TRUE(state.clip_item_at.empty());
  ImGuiIO& io = ImGui::GetIO();
  const auto click = [&](glm::vec2 at) {
    io.MousePos = ImVec2(at.x, at.y);
    imgui.frame(draw);
    io.MouseDown[0] = true;
    imgui.frame(draw);
    io.MouseDown[0] = false;
    imgui.frame(draw);
  };
  click(state.clip_combo_at);
  imgui.frame(draw);  // the open list is placed on its second frame
  ASSERT_EQ(state.clip_item_at.size(), 3u);
  EXPECT_TRUE(change.show_clip.empty());
  click(state.clip_item_at.at("run"));
  EXPECT_EQ(change.show_clip, "run");
  imgui.frame(draw);
  EXPECT_TRUE(change.show_clip.empty());
  // One clip: no combo.
  quality.clips = {"walk"};
  imgui.frame(draw);
  EXPECT_EQ(state.clip_combo_at, glm::vec2(0.0f));
}

}  // namespace
}  // namespace ui
