#include "app/key_taps.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // the text field's selection

#include <string>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "ui/headless_imgui.h"

namespace app {
namespace {

// A text field clicked into, showing "Knight.glb"; xdotool's quick Ctrl+A (Ctrl down, A down, A
// up, Ctrl up) arrives between two frames, as on a slow software-rendered frame. Returns
// whether the next frame's field selected all its text. hold: whether the taps go through a
// KeyTapHolder (as the viewer's key callback does) or straight to ImGui.
bool quick_ctrl_a_selects_all(bool hold) {
  ui::testing::HeadlessImGui imgui;
  ImGuiIO& io = ImGui::GetIO();
  io.KeyMap[ImGuiKey_A] = GLFW_KEY_A;
  std::string text = "Knight.glb";
  bool selected_all = false;
  ImVec2 centre;
  const auto field = [&] {
    ImGui::Begin("dialog");
    ImGui::InputText("##path", text.data(), text.size() + 1);
    centre = ImVec2((ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                    (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f);
    if (const ImGuiInputTextState* s = ImGui::GetInputTextState(ImGui::GetID("##path"))) {
      selected_all = s->HasSelection() && s->Stb.select_start == 0 &&
                     s->Stb.select_end == static_cast<int>(text.size());
    }
    ImGui::End();
  };
  imgui.frame(field);
  imgui.frame(field);    // a new window is laid out on its first frame and shown on the next
  io.MousePos = centre;  // a click into the field: active, the cursor in the text
  io.MouseDown[0] = true;
  imgui.frame(field);
  io.MouseDown[0] = false;
  imgui.frame(field);
  EXPECT_FALSE(selected_all);
  KeyTapHolder holder;
  // As the GLFW backend does: KeysDown follows press and release, KeyCtrl follows the Ctrl keys.
  const auto send = [&](int key, bool down) {
    if (hold && !holder.forward_now(key, down ? GLFW_PRESS : GLFW_RELEASE)) return;
    io.KeysDown[key] = down;
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL];
  };
  send(GLFW_KEY_LEFT_CONTROL, true);
  send(GLFW_KEY_A, true);
  send(GLFW_KEY_A, false);
  send(GLFW_KEY_LEFT_CONTROL, false);
  imgui.frame(field);
  const bool after_tap = selected_all;
  holder.release_held([&](int key) {
    io.KeysDown[key] = false;
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL];
  });
  EXPECT_FALSE(io.KeysDown[GLFW_KEY_A]);  // released before the next frame
  EXPECT_FALSE(io.KeyCtrl);
  return after_tap;
}

TEST(KeyTaps, AQuickCtrlABetweenTwoFramesSelectsTheWholeField) {
  EXPECT_TRUE(quick_ctrl_a_selects_all(true));
  // Straight to ImGui 1.86 the tap is lost: the keys are up again when the frame starts.
  EXPECT_FALSE(quick_ctrl_a_selects_all(false));
}

TEST(KeyTaps, OnlyReleasesOfKeysPressedSinceTheLastFrameAreHeld) {
  KeyTapHolder holder;
  EXPECT_TRUE(holder.forward_now(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS));
  holder.release_held([](int) { ADD_FAILURE() << "nothing was held"; });
  // Shift was held across a frame: its release goes through at once.
  EXPECT_TRUE(holder.forward_now(GLFW_KEY_LEFT_SHIFT, GLFW_RELEASE));
  EXPECT_TRUE(holder.forward_now(GLFW_KEY_B, GLFW_PRESS));
  EXPECT_TRUE(holder.forward_now(GLFW_KEY_B, GLFW_REPEAT));
  EXPECT_FALSE(holder.forward_now(GLFW_KEY_B, GLFW_RELEASE));
  int released = 0;
  holder.release_held([&](int key) {
    EXPECT_EQ(key, GLFW_KEY_B);
    ++released;
  });
  EXPECT_EQ(released, 1);
}

}  // namespace
}  // namespace app
