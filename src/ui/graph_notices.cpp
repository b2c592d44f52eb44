#include "ui/graph_notices.h"

#include <imgui.h>

#include "ui/fitted_text.h"

namespace ui {

void draw_graph_status(const std::string& error, std::span<const project::GraphWarning> warnings) {
  if (!error.empty()) {
    const std::string whole = "Not played (the last good graph plays on): " + error;
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 90, 80, 255));
    fitted_text(whole);
    ImGui::PopStyleColor();
    return;
  }
  if (warnings.empty()) {
    ImGui::TextDisabled("graph plays");
    return;
  }
  const std::string count = std::to_string(warnings.size()) +
                            (warnings.size() == 1 ? " graph warning" : " graph warnings");
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 190, 80, 255));
  if (ImGui::SmallButton((count + "###graph warnings").c_str())) {
    ImGui::OpenPopup("graph warnings list");
  }
  ImGui::PopStyleColor();
  if (ImGui::BeginPopup("graph warnings list")) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
    for (const project::GraphWarning& w : warnings) {
      ImGui::Bullet();
      ImGui::TextWrapped("%s", w.message.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndPopup();
  }
}

void draw_no_blend_space_hint() {
  // Wrapped: the panel is narrower than the hint.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("No blend space yet: New 2D, New 1D, or pick clips in the clip browser.");
  ImGui::PopStyleColor();
}

}  // namespace ui
