#include "ui/load_progress.h"

#include <imgui.h>

#include "ui/docked_panels.h"

namespace ui {

bool draw_load_progress(const std::string& what, float progress) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Size.x * 0.5f, vp->Size.y * 0.4f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(420.0f, 0.0f));
  ImGui::Begin("Loading", nullptr, kDockedFlags | ImGuiWindowFlags_NoResize);
  ImGui::TextWrapped("%s", what.c_str());
  ImGui::ProgressBar(progress);
  const bool cancel = ImGui::Button("Cancel");
  ImGui::End();
  return cancel;
}

}  // namespace ui
