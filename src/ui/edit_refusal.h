#pragma once
// The graph lists' way with a refused edit (project/graph_edits.h and friends return "" or why):
// the reason is kept in the panel's state and shown in red under its row until the next edit.

#include <string>

#include <imgui.h>

namespace ui {

// Keeps error (empty when the edit was done) in kept; returns whether the edit was done.
inline bool edit_done(std::string& kept, const std::string& error) {
  kept = error;
  return error.empty();
}

// The kept reason, wrapped, in red; nothing when there is none.
inline void draw_edit_refusal(const std::string& kept) {
  if (kept.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 90, 80, 255));
  ImGui::TextWrapped("%s", kept.c_str());
  ImGui::PopStyleColor();
}

}  // namespace ui
