// The joint inspector: clicks select (Shift adds, and removes a joint already selected), the
// selection survives a smaller skeleton only where it fits, and Copy JSON carries the fields of
// `animview curves` in the metres of the viewer. (tests/app/joint_picking_e2e_test.cpp clicks.)

#include "ui/joint_inspector.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "demo/demo_character.h"
#include "headless_imgui.h"

namespace {

TEST(JointInspector, ClicksSelectAndShiftAddsOrRemoves) {
  std::vector<int> selection;
  ui::select_joint(selection, 4, false);
  EXPECT_EQ(selection, std::vector<int>({4}));
  ui::select_joint(selection, 7, true);
  ui::select_joint(selection, 2, true);
  EXPECT_EQ(selection, std::vector<int>({4, 7, 2}));
  ui::select_joint(selection, 7, true);  // Shift on a selected joint takes it out
  EXPECT_EQ(selection, std::vector<int>({4, 2}));
  ui::select_joint(selection, -1, true);  // Shift on nothing keeps the selection
  EXPECT_EQ(selection, std::vector<int>({4, 2}));
  ui::select_joint(selection, 9, false);
  EXPECT_EQ(selection, std::vector<int>({9}));
  ui::select_joint(selection, -1, false);
  EXPECT_TRUE(selection.empty());
  std::vector<int> kept{1, 30, 3};
  ui::trim_selection(kept, 10);
  EXPECT_EQ(kept, std::vector<int>({1, 3}));
}

// Opening another character keeps the selected joints it also has, by name: the old indices
// would select other joints (index 2 is "hand.r" in one and "spine" in the other).
TEST(JointInspector, ASelectionCarriesToAnotherSkeletonByName) {
  anim::Skeleton knight;
  knight.joint_names = {"root", "spine", "hand.r", "hand.l", "helmet"};
  knight.parents = {-1, 0, 1, 1, 1};
  anim::Skeleton barbarian;
  barbarian.joint_names = {"root", "hand.l", "spine", "hand.r"};
  barbarian.parents = {-1, 0, 0, 2};
  const std::vector<int> selection{2, 4, 1};
  const std::vector<std::string> names = ui::selected_joint_names(selection, knight);
  EXPECT_EQ(names, (std::vector<std::string>{"hand.r", "helmet", "spine"}));
  EXPECT_EQ(ui::joints_named(names, barbarian), (std::vector<int>{3, 2}));
  // An index past the skeleton names nothing.
  EXPECT_EQ(ui::selected_joint_names(std::vector<int>{7, 0}, knight),
            (std::vector<std::string>{"root"}));
}

TEST(JointInspector, CopyJsonCarriesTheCurvesFields) {
  ui::JointInspectorValues values;
  values.valid = true;
  values.has_speeds = true;
  values.metres_per_file_unit = 0.01f;
  values.frame.time_s = 0.5f;
  values.frame.local.translation = {0.0f, 0.25f, 0.0f};
  values.frame.local.rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
  values.frame.euler_deg = {0.0f, 0.0f, 90.0f};
  values.frame.model_translation = {0.1f, 1.2f, 0.3f};
  values.frame.linear_speed = 1.5f;
  values.frame.angular_speed_deg = 45.0f;
  const nlohmann::json j =
      nlohmann::json::parse(ui::joint_values_json("hand_l", anim::EulerOrder::ZYX, values));
  EXPECT_EQ(j["joint"], "hand_l");
  EXPECT_EQ(j["euler_order"], "ZYX");
  EXPECT_FLOAT_EQ(j["metres_per_file_unit"].get<float>(), 0.01f);
  const nlohmann::json& f = j["frame"];
  EXPECT_FLOAT_EQ(f["time"].get<float>(), 0.5f);
  EXPECT_FLOAT_EQ(f["translation"][1].get<float>(), 0.25f);
  EXPECT_NEAR(f["rotation_quat"][2].get<float>(), 0.70711f, 1e-5f);  // z of a 90-degree turn
  EXPECT_NEAR(f["rotation_quat"][3].get<float>(), 0.70711f, 1e-5f);
  EXPECT_FLOAT_EQ(f["rotation_euler_deg"][2].get<float>(), 90.0f);
  EXPECT_FLOAT_EQ(f["scale"][0].get<float>(), 1.0f);
  EXPECT_FLOAT_EQ(f["model_translation"][1].get<float>(), 1.2f);
  EXPECT_FLOAT_EQ(f["linear_speed"].get<float>(), 1.5f);
  EXPECT_FLOAT_EQ(f["angular_speed_deg"].get<float>(), 45.0f);
  values.has_speeds = false;  // outside a clip preview there are none to give
  const nlohmann::json still =
      nlohmann::json::parse(ui::joint_values_json("hand_l", anim::EulerOrder::ZYX, values));
  EXPECT_TRUE(still["frame"]["linear_speed"].is_null());
}

TEST(JointInspector, ThePanelDrawsAndSaysHowToSelect) {
  ui::testing::HeadlessImGui imgui;
  const importer::Character demo = demo::make_demo_character();
  ui::JointInspectorState state;
  state.selection = {1000};  // from a bigger skeleton: trimmed
  imgui.frame([&] {
    ImGui::Begin("joints");
    ui::draw_joint_inspector(demo.skeleton, state, {});
    ImGui::End();
  });
  EXPECT_TRUE(state.shown);
  EXPECT_TRUE(state.selection.empty());
  EXPECT_GT(state.values_center.y, 0.0f);
}

}  // namespace
