#include "ui/graph_notices.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include "headless_imgui.h"

namespace ui {
namespace {

// The height draw_graph_status takes in a 300-pixel panel.
float status_height(const std::string& error, std::span<const project::GraphWarning> warnings) {
  testing::HeadlessImGui imgui;
  float height = 0.0f;
  for (int frame = 0; frame < 2; ++frame) {
    imgui.frame([&] {
      ImGui::SetNextWindowSize(ImVec2(300.0f, 400.0f));
      ImGui::Begin("graph");
      const float top = ImGui::GetCursorPosY();
      draw_graph_status(error, warnings);
      height = ImGui::GetCursorPosY() - top;
      ImGui::End();
    });
  }
  return height;
}

// Unticking a transition's exit time with no condition left makes the graph invalid: its error
// takes the status line, not three wrapped lines that push every control below it down.
TEST(GraphStatus, AnErrorOrWarningsTakeTheSameOneLineAsAGoodGraph) {
  const float good = status_height("", {});
  EXPECT_GT(good, 0.0f);
  const std::string error =
      "state machine 'base': transition 'locomotion -> turn_left' has neither an exit time nor a "
      "condition, so it would fire at once";
  EXPECT_FLOAT_EQ(status_height(error, {}), good);
  project::GraphWarning unreachable;
  unreachable.message = "ground: state 'fall' cannot be reached from the entry 'idle'";
  const project::GraphWarning warnings[] = {unreachable, unreachable};
  EXPECT_FLOAT_EQ(status_height("", warnings), good);
}

}  // namespace
}  // namespace ui
