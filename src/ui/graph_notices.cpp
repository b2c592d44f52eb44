#include "ui/graph_notices.h"

#include <imgui.h>

namespace ui {

void draw_graph_error(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 90, 80, 255));
  ImGui::TextWrapped("Not played (the last good graph plays on): %s", error.c_str());
  ImGui::PopStyleColor();
}

void draw_graph_warnings(std::span<const asset::GraphWarning> warnings) {
  if (warnings.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 190, 80, 255));
  const std::string title = std::to_string(warnings.size()) +
                            (warnings.size() == 1 ? " graph warning" : " graph warnings") +
                            "###graph warnings";
  const bool open = ImGui::CollapsingHeader(title.c_str());
  ImGui::PopStyleColor();
  if (!open) return;
  for (const asset::GraphWarning& w : warnings) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", w.message.c_str());
  }
}

void draw_no_blend_space_hint() {
  // Wrapped: the panel is narrower than the hint.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("No blend space yet: New 2D, New 1D, or pick clips in the clip browser.");
  ImGui::PopStyleColor();
}

}  // namespace ui
