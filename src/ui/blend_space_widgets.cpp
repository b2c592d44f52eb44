#include "ui/blend_space_widgets.h"

#include <cmath>

#define GLFW_INCLUDE_NONE  // only the key codes are needed, not a GL header
#include <GLFW/glfw3.h>
#include <imgui_stdlib.h>

#include "ui/blend_space_editor.h"
#include "ui/plot_colours.h"

namespace ui::blend_space_widgets {

ImU32 sample_color(int i, int alpha) {
  static constexpr ImU32 kPalette[] = {
      IM_COL32(235, 110, 90, 255),  IM_COL32(90, 180, 235, 255),  IM_COL32(120, 210, 110, 255),
      IM_COL32(235, 190, 80, 255),  IM_COL32(190, 120, 230, 255), IM_COL32(80, 210, 190, 255),
      IM_COL32(240, 140, 190, 255), IM_COL32(170, 170, 90, 255),
  };
  const ImU32 c = kPalette[i % static_cast<int>(std::size(kPalette))];
  return with_alpha(c, alpha);
}

float distance_px(ImVec2 a, ImVec2 b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

bool clip_combo(const char* label, std::span<const std::string> clip_names, int& index) {
  bool changed = false;
  const char* preview =
      index >= 0 && index < static_cast<int>(clip_names.size()) ? clip_names[index].c_str() : "";
  if (ImGui::BeginCombo(label, preview)) {
    for (int i = 0; i < static_cast<int>(clip_names.size()); ++i) {
      if (ImGui::Selectable(clip_names[i].c_str(), i == index)) {
        index = i;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

int clip_index(std::span<const std::string> clip_names, const std::string& name) {
  const auto it = std::find(clip_names.begin(), clip_names.end(), name);
  return it == clip_names.end() ? -1 : static_cast<int>(it - clip_names.begin());
}

glm::vec2 arrow_key_step(glm::vec2 range, bool flip_x, bool flip_y) {
  const float fraction = ImGui::GetIO().KeyShift ? 1.0f / 20.0f : 1.0f / 200.0f;
  glm::vec2 step{0.0f};
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) step.x -= range.x * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) step.x += range.x * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) step.y -= range.y * fraction;
  if (ImGui::IsKeyPressed(GLFW_KEY_UP)) step.y += range.y * fraction;
  return {flip_x ? -step.x : step.x, flip_y ? -step.y : step.y};
}

void draw_text_centered(ImDrawList* draw, ImVec2 centre, ImU32 color, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddText({centre.x - size.x * 0.5f, centre.y - size.y * 0.5f}, color, text);
}

bool axis_controls(const char* id, std::string& name, float& min, float& max, bool mirrored) {
  ImGui::PushID(id);
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
  changed |= ImGui::InputText("##name", &name);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.75f);
  glm::vec2 range = mirrored_range({min, max}, mirrored);
  if (ImGui::DragFloat2("##range", &range.x, 0.05f)) {
    const glm::vec2 stored = mirrored_range(range, mirrored);
    min = stored.x;
    max = stored.y;
    changed = true;
  }
  if (mirrored && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("In the character's terms; stored mirrored: %s from %g to %g", name.c_str(),
                      static_cast<double>(min), static_cast<double>(max));
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(id);
  ImGui::PopID();
  return changed;
}

void compute_options(const char* tooltip, bool& in_place_typed_speed, float& typed_speed_mps) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tooltip);
  ImGui::SameLine();
  ImGui::Checkbox("in place: typed speed", &in_place_typed_speed);
  if (in_place_typed_speed) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(70.0f);
    ImGui::InputFloat("m/s", &typed_speed_mps, 0.0f, 0.0f, "%.2f");
    typed_speed_mps = std::clamp(typed_speed_mps, 0.0f, 20.0f);
  }
}

}  // namespace ui::blend_space_widgets
