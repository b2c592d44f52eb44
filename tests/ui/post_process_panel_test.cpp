// The Post-process section in a real headless ImGui context: joint lists typed as text, and the
// add buttons appending an entry of their kind at the end of the stack.
#include "ui/post_process_panel.h"

#include <gtest/gtest.h>

#include <vector>

#include "headless_imgui.h"

namespace ui {
namespace {

TEST(PostProcessPanel, SplitsJointNamesAtCommasAndSpaces) {
  EXPECT_EQ(split_joint_names("b_Tail01_012, b_Tail02_013  b_Tail03_014,"),
            (std::vector<std::string>{"b_Tail01_012", "b_Tail02_013", "b_Tail03_014"}));
  EXPECT_TRUE(split_joint_names(" , ").empty());
}

TEST(PostProcessPanel, TheLastAddButtonAppendsAMultiBoneIkEntry) {
  testing::HeadlessImGui imgui;
  std::vector<project::ProjectPostProcess> entries(1);  // a look-at
  bool changed = false;
  ImVec2 min, max;
  const auto frame = [&] {
    imgui.frame([&] {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(500, 600));
      ImGui::Begin("post");
      changed = draw_post_process_panel(entries);
      min = ImGui::GetItemRectMin();  // the last add button: multi_bone_ik
      max = ImGui::GetItemRectMax();
      ImGui::End();
    });
  };
  frame();
  frame();  // a new window takes two frames before the mouse hovers it
  EXPECT_FALSE(changed);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(0.5f * (min.x + max.x), 0.5f * (min.y + max.y));
  frame();
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  frame();
  EXPECT_TRUE(changed);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].kind, anim::PostProcessKind::LookAt);
  EXPECT_EQ(entries[1].kind, anim::PostProcessKind::MultiBoneIk);
}

}  // namespace
}  // namespace ui
