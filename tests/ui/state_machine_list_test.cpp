#include "ui/state_machine_list.h"

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

// The row in a 600 x 300 window, clicked like a user: press on one frame, release on the next.
struct ListPanel {
  testing::HeadlessImGui imgui;
  project::Project project;
  StateMachineListState state;
  bool changed = false;
  void frame() {
    imgui.frame([this] {
      ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
      ImGui::SetNextWindowSize(ImVec2(600.0f, 300.0f));
      ImGui::Begin("machines");
      changed |= draw_state_machine_list(state, project);
      ImGui::End();
    });
  }
  void click(glm::vec2 at) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(at.x, at.y);
    frame();
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
  }
};

TEST(StateMachineListPanel, NewMakesTheActiveMachineAndKeepsTheOldOne) {
  ListPanel p;
  p.project.clips = {"idle"};
  p.project.state_machine.name = "ground";
  p.project.state_machine.states.push_back({"idle", anim::StateKind::Clip, 0, 1.0f, true, -1});
  p.frame();
  ASSERT_GT(p.state.new_at.x, 0.0f);
  p.click(p.state.new_at);
  EXPECT_TRUE(p.changed);
  EXPECT_EQ(p.project.state_machine.name, "state machine");
  ASSERT_EQ(p.project.other_state_machines.size(), 1u);
  EXPECT_EQ(p.project.other_state_machines[0].name, "ground");
  EXPECT_TRUE(p.state.error.empty());
  p.frame();
  EXPECT_EQ(p.state.name, "state machine") << "the rename field follows the active machine";
}

}  // namespace
}  // namespace ui
