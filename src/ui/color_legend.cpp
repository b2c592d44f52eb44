#include "ui/color_legend.h"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

namespace ui {
namespace {

ImU32 to_u32(const glm::vec3& c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, 1.0f));
}

void draw_difference_bar(float full_scale_m) {
  const float width = ImGui::GetFontSize() * 14.0f, height = ImGui::GetFontSize();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 16;  // a smooth enough ramp in straight segments
  for (int i = 0; i < kSteps; ++i) {
    const float a = static_cast<float>(i) / kSteps, b = static_cast<float>(i + 1) / kSteps;
    draw->AddRectFilledMultiColor(
        ImVec2(p.x + a * width, p.y), ImVec2(p.x + b * width, p.y + height),
        to_u32(difference_legend_color(a)), to_u32(difference_legend_color(b)),
        to_u32(difference_legend_color(b)), to_u32(difference_legend_color(a)));
  }
  ImGui::Dummy(ImVec2(width, height));
  // Ticks at 0, half and full scale, in millimetres (the difference is usually a few mm).
  const float full_mm = full_scale_m * 1000.0f;
  char mid[32], end[32];
  std::snprintf(mid, sizeof(mid), "%g", full_mm * 0.5f);
  std::snprintf(end, sizeof(end), "%g mm+", full_mm);
  ImGui::TextUnformatted("0");
  ImGui::SameLine(width * 0.5f - ImGui::CalcTextSize(mid).x * 0.5f +
                  ImGui::GetStyle().WindowPadding.x);
  ImGui::TextUnformatted(mid);
  ImGui::SameLine(width - ImGui::CalcTextSize(end).x + ImGui::GetStyle().WindowPadding.x);
  ImGui::TextUnformatted(end);
}

void draw_influence_swatches() {
  const float side = ImGui::GetFontSize();
  for (int count = 0; count <= 8; ++count) {
    if (count > 0) ImGui::SameLine();
    ImGui::BeginGroup();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + side * 1.4f, p.y + side),
                                              to_u32(influence_legend_color(count)));
    ImGui::Dummy(ImVec2(side * 1.4f, side));
    ImGui::Text(" %d", count);
    ImGui::EndGroup();
  }
}

}  // namespace

glm::vec3 influence_legend_color(int count) {
  static const glm::vec3 colors[9] = {glm::vec3(0.25f),
                                      glm::vec3(0.15f, 0.3f, 1.0f),
                                      glm::vec3(0.0f, 0.8f, 0.9f),
                                      glm::vec3(0.1f, 0.85f, 0.2f),
                                      glm::vec3(0.95f, 0.9f, 0.1f),
                                      glm::vec3(1.0f, 0.6f, 0.1f),
                                      glm::vec3(1.0f, 0.4f, 0.1f),
                                      glm::vec3(1.0f, 0.2f, 0.1f),
                                      glm::vec3(0.9f, 0.0f, 0.0f)};
  return colors[std::clamp(count, 0, 8)];
}

glm::vec3 difference_legend_color(float t) {
  return glm::mix(glm::vec3(0.35f, 0.4f, 0.55f), glm::vec3(1.0f, 0.05f, 0.05f),
                  std::clamp(t, 0.0f, 1.0f));
}

bool draw_color_legend(visual::MeshColoring coloring, float full_scale_m, float x, float bottom_y) {
  if (coloring == visual::MeshColoring::Material) return false;
  const float margin = 8.0f;
  ImGui::SetNextWindowPos(ImVec2(x + margin, bottom_y - margin), ImGuiCond_Always,
                          ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoInputs;
  if (ImGui::Begin("##color legend", nullptr, flags)) {
    if (coloring == visual::MeshColoring::SkinningDifference) {
      ImGui::TextUnformatted("LBS vs DQ: distance between the two skinnings");
      draw_difference_bar(full_scale_m);
    } else {
      ImGui::TextUnformatted("Influences per vertex");
      draw_influence_swatches();
    }
  }
  ImGui::End();
  return true;
}

}  // namespace ui
