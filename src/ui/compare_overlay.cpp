#include "ui/compare_overlay.h"

#include <imgui.h>

#include <algorithm>

namespace ui {

void draw_compare_toolbar(ViewSettings& view, std::span<const anim::Clip> clips, float x, float y,
                          float width) {
  if (view.compare == visual::CompareMode::Off) return;
  ImGui::SetNextWindowPos(ImVec2(x + 8.0f, y + 8.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::Begin("Compare", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  const float combo_width = std::min(170.0f, width * 0.4f);
  int mode = static_cast<int>(view.compare);
  ImGui::SetNextItemWidth(combo_width);
  if (ImGui::Combo("##compare", &mode,
                   "Compare: off\0"
                   "Skinning: LBS | DQ\0"
                   "Clips: A | B\0")) {
    view.compare = static_cast<visual::CompareMode>(mode);
  }
  if (view.compare == visual::CompareMode::Clips) {
    ImGui::SetNextItemWidth(combo_width);
    if (ImGui::BeginCombo("B", view.compare_clip.c_str())) {
      for (const anim::Clip& clip : clips) {
        if (ImGui::Selectable(clip.name.c_str(), clip.name == view.compare_clip)) {
          view.compare_clip = clip.name;
        }
      }
      ImGui::EndCombo();
    }
    int sync = static_cast<int>(view.compare_sync);
    ImGui::SetNextItemWidth(combo_width);
    if (ImGui::Combo("sync", &sync,
                     "same phase\0"
                     "same seconds\0")) {
      view.compare_sync = static_cast<visual::CompareSync>(sync);
    }
  }
  ImGui::End();
}

void draw_compare_labels(const std::array<std::string, 2>& labels,
                         const std::array<LabelCorner, 2>& corners) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  for (int side = 0; side < 2; ++side) {
    const ImVec2 size = ImGui::CalcTextSize(labels[side].c_str());
    const ImVec2 at(corners[side].left + 10.0f, corners[side].bottom - size.y - 10.0f);
    draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f),
                        ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f),
                        IM_COL32(20, 22, 26, 190), 3.0f);
    draw->AddText(at, IM_COL32(235, 235, 235, 255), labels[side].c_str());
  }
}

}  // namespace ui
