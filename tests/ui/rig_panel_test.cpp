// The rig panel: a joint slot waiting for a click takes the joint clicked in the viewport, the
// first edit stores the whole rig in the project's corrections, and a missing rig shows why.

#include "ui/rig_panel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/pose.h"

#include "demo/demo_character.h"
#include "headless_imgui.h"
#include "import/rig_finder.h"
#include "project/rig_corrections.h"

namespace {

const importer::Character& demo() {
  static const importer::Character character = demo::make_demo_character();
  return character;
}

TEST(RigPanel, AClickedJointFillsTheWaitingSlot) {
  ui::testing::HeadlessImGui imgui;
  const anim::Skeleton& s = demo().skeleton;
  const anim::Rig rig = importer::find_character_rig(demo());
  const anim::MirrorTable table = importer::mirror_table(demo(), rig);
  project::ProjectRig corrections;
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
  const anim::Rig rig = importer::find_character_rig(demo());
  project::ProjectRig corrections;
  EXPECT_FALSE(ui::set_rig_joint(s, rig, corrections, 9, 0, 1));
  EXPECT_FALSE(ui::set_rig_joint(s, rig, corrections, 0, 0, s.joint_count()));
  EXPECT_TRUE(ui::set_rig_joint(s, rig, corrections, -1, 0, s.find_joint("spine_01")));
  EXPECT_EQ(corrections.pelvis, "spine_01");
  // The corrected pelvis is below the thighs' parent: not applied, and the reason says so.
  std::string reason;
  const anim::Rig applied = project::project_rig(demo(), corrections, &reason);
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
  project::ProjectRig corrections;
  ui::RigPanelState state;
  imgui.frame([&] {
    ImGui::Begin("rig");
    ui::draw_rig_panel(s, anim::Rig{}, "no chain reaches the ground", anim::MirrorTable{},
                       corrections, state, -1);
    ImGui::End();
  });
  EXPECT_TRUE(corrections.empty());
}

// Picking a joint for the rig does not need the skeleton drawn: while a slot of the shown panel
// waits for a click, clicks pick joints and every joint is drawn as a marker to click.
TEST(RigPanel, JointsArePickableWhileASlotWaitsWhateverTheSkeletonSetting) {
  ui::RigPanelModel panel;
  panel.shown = true;
  EXPECT_FALSE(ui::joints_pickable(false, panel));
  EXPECT_TRUE(ui::joints_pickable(true, panel));  // hover names, as before
  panel.state.picking = true;
  EXPECT_TRUE(ui::joints_pickable(false, panel));
  panel.shown = false;  // another tab: its waiting slot takes no clicks
  EXPECT_FALSE(ui::joints_pickable(false, panel));
}

TEST(RigPanel, JointMarkersAreDrawnWhereAClickPicksTheirJoint) {
  ui::testing::HeadlessImGui imgui;
  const anim::Skeleton& s = demo().skeleton;
  std::vector<glm::mat4> model(s.rest_pose.size());
  ASSERT_TRUE(anim::local_to_model(s, s.rest_pose, model));
  // The demo (about 1.8 m tall) seen from the front, filling a 1280 x 720 viewport.
  const glm::mat4 view_projection =
      glm::ortho(-1.6f, 1.6f, -0.1f, 1.9f, -10.0f, 10.0f) *
      glm::lookAt(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0));
  const glm::vec4 viewport(0.0f, 0.0f, 1280.0f, 720.0f);
  const int hovered = s.find_joint("foot_l");
  imgui.frame(
      [&] { ui::draw_joint_markers(model, glm::mat4(1.0f), view_projection, viewport, hovered); });
  // Every vertex the markers drew, in window pixels.
  std::vector<glm::vec2> drawn;
  const ImDrawData* data = ImGui::GetDrawData();
  ASSERT_NE(data, nullptr);
  for (int l = 0; l < data->CmdListsCount; ++l) {
    for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) drawn.push_back({v.pos.x, v.pos.y});
  }
  ASSERT_FALSE(drawn.empty());
  for (int j = 0; j < s.joint_count(); ++j) {
    const glm::vec4 c = view_projection * model[static_cast<std::size_t>(j)][3];
    const glm::vec2 at(viewport.x + (c.x / c.w * 0.5f + 0.5f) * viewport.z,
                       viewport.y + (0.5f - c.y / c.w * 0.5f) * viewport.w);
    // A marker around the joint: vertices within its ring (5 px, 7 px hovered, plus the stroke),
    // none farther than that from some joint, and more reach for the hovered one.
    float reach = 0.0f;
    int near = 0;
    for (const glm::vec2& v : drawn) {
      const float d = glm::length(v - at);
      if (d < 9.0f) {
        ++near;
        reach = std::max(reach, d);
      }
    }
    EXPECT_GT(near, 8) << s.joint_names[j];
    if (j == hovered) {
      EXPECT_GT(reach, 6.5f) << "the hovered joint's marker is larger";
    }
  }
}

}  // namespace
