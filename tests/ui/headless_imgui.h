#pragma once
// A real Dear ImGui context without a window or renderer, for driving panels from tests: keys
// and the mouse are fed through ImGuiIO exactly as the GLFW backend feeds them.

#include <functional>

#include <imgui.h>

namespace ui::testing {

class HeadlessImGui {
 public:
  HeadlessImGui() : context_(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 720.0f);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // NewFrame needs a built atlas
  }
  ~HeadlessImGui() { ImGui::DestroyContext(context_); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // One frame: NewFrame, the panel code, Render (which ends the frame).
  void frame(const std::function<void()>& body = [] {}) {
    ImGui::NewFrame();
    body();
    ImGui::Render();
  }

  // Presses key (a GLFW key code) for one frame running body, then releases it for one frame.
  void tap(int key, const std::function<void()>& body, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[key] = true;
    io.KeyShift = shift;
    frame(body);
    io.KeysDown[key] = false;
    io.KeyShift = false;
    frame();
  }

 private:
  ImGuiContext* context_;
};

}  // namespace ui::testing
