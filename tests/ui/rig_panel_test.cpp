// The rig panel: a joint slot waiting for a click takes the joint clicked in the viewport, the
// first edit stores the whole rig in the project's corrections, and a missing rig shows why.

#include "ui/rig_panel.h"

#include <gtest/gtest.h>

#include "asset/demo_character.h"
#include "asset/rig_corrections.h"
#include "asset/rig_finder.h"
#include "headless_imgui.h"

namespace {

const asset::Character& demo() {
  static const asset::Character character = asset::make_demo_character();
  return character;
}

TEST(RigPanel, AClickedJointFillsTheWaitingSlot) {
  ui::testing::HeadlessImGui imgui;
  const anim::Skeleton& s = demo().skeleton;
  const anim::Rig rig = asset::find_character_rig(demo());
  const anim::MirrorTable table = asset::mirror_table(demo(), rig);
  asset::ProjectRig corrections;
  ui::RigPanelState state;
  state.picking = true;  // as after pressing the left leg's toes button
  state.limb = 0;
  state.slot = 3;
  ui::RigPanelChange change;
  imgui.frame([&] {
    ImGui::Begin("rig");
    change = ui::draw_rig_panel(s, rig, "", table, corrections, state, s.find_joint("foot_l"));
    ImGui::End();
  });
  EXPECT_TRUE(change.corrections_changed);
  EXPECT_FALSE(state.picking);
  ASSERT_EQ(corrections.limbs.size(), rig.limbs.size());  // the whole rig, stored
  EXPECT_EQ(corrections.limbs[0].joints[3], "foot_l");
  EXPECT_EQ(corrections.limbs[1].joints[3], "toes_r");
  EXPECT_EQ(corrections.pelvis, "hips");
  // A frame with no click changes nothing.
  imgui.frame([&] {
    ImGui::Begin("rig");
    change = ui::draw_rig_panel(s, rig, "", table, corrections, state, -1);
    ImGui::End();
  });
  EXPECT_FALSE(change.corrections_changed);
}

TEST(RigPanel, SetRigJointRejectsSlotsThatDoNotExist) {
  const anim::Skeleton& s = demo().skeleton;
  const anim::Rig rig = asset::find_character_rig(demo());
  asset::ProjectRig corrections;
  EXPECT_FALSE(ui::set_rig_joint(s, rig, corrections, 9, 0, 1));
  EXPECT_FALSE(ui::set_rig_joint(s, rig, corrections, 0, 0, s.joint_count()));
  EXPECT_TRUE(ui::set_rig_joint(s, rig, corrections, -1, 0, s.find_joint("spine_01")));
  EXPECT_EQ(corrections.pelvis, "spine_01");
  // The corrected pelvis is below the thighs' parent: not applied, and the reason says so.
  std::string reason;
  const anim::Rig applied = asset::project_rig(demo(), corrections, &reason);
  EXPECT_NE(applied.found_by, "corrections");
  EXPECT_NE(reason.find("pelvis"), std::string::npos) << reason;
}

TEST(RigPanel, ShowsWhyNoRigWasFound) {
  ui::testing::HeadlessImGui imgui;
  anim::Skeleton s;
  s.joint_names = {"a"};
  s.parents = {-1};
  s.rest_pose = {anim::Transform{}};
  s.inverse_bind = {glm::mat4(1.0f)};
  asset::ProjectRig corrections;
  ui::RigPanelState state;
  imgui.frame([&] {
    ImGui::Begin("rig");
    ui::draw_rig_panel(s, anim::Rig{}, "no chain reaches the ground", anim::MirrorTable{},
                       corrections, state, -1);
    ImGui::End();
  });
  EXPECT_TRUE(corrections.empty());
}

}  // namespace
