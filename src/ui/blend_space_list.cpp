#include "ui/blend_space_list.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "project/graph_edits.h"
#include "ui/edit_refusal.h"
#include "ui/item_center.h"

namespace ui {

bool draw_blend_space_list(BlendSpaceListState& state, project::Project& project, int& shown,
                           std::span<const int> picked_clips,
                           std::span<const glm::vec2> picked_positions) {
  bool changed = false;
  const int count = static_cast<int>(project.blend_spaces.size());
  shown = count == 0 ? 0 : std::clamp(shown, 0, count - 1);
  ImGui::PushID("blend space list");
  if (count > 0) {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
    if (ImGui::BeginCombo("##space", project.blend_spaces[shown].name.c_str())) {
      for (int i = 0; i < count; ++i) {
        if (ImGui::Selectable(project.blend_spaces[i].name.c_str(), i == shown)) shown = i;
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
  }
  int added = -1;
  const bool new_2d = ImGui::Button("New 2D");
  state.new_2d_at = last_item_center();
  if (new_2d && edit_done(state.error, project::add_blend_space(project, 2, "locomotion", added))) {
    shown = added;
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("New 1D") &&
      edit_done(state.error, project::add_blend_space(project, 1, "speed", added))) {
    shown = added;
    changed = true;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(picked_clips.empty() || picked_clips.size() != picked_positions.size());
  const bool from_picked = ImGui::Button("From picked");
  state.from_picked_at = last_item_center();
  if (from_picked && edit_done(state.error, project::add_blend_space_from_clips(
                                                project, 2, "locomotion", picked_clips,
                                                picked_positions, added))) {
    shown = added;
    changed = true;
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "A 2D blend space of the clips picked in the clip browser (Ctrl+click picks several), "
        "each at its measured ground velocity");
  }
  if (!project.blend_spaces.empty()) {
    shown = std::clamp(shown, 0, static_cast<int>(project.blend_spaces.size()) - 1);
    if (state.named != shown) {
      state.name = project.blend_spaces[shown].name;
      state.named = shown;
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
    ImGui::InputText("##name", &state.name);
    if (ImGui::IsItemDeactivatedAfterEdit() && state.name != project.blend_spaces[shown].name &&
        edit_done(state.error, project::rename_blend_space(project, shown, state.name))) {
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Duplicate") &&
        edit_done(state.error, project::duplicate_blend_space(project, shown, added))) {
      shown = added;
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Delete") &&
        edit_done(state.error, project::delete_blend_space(project, shown))) {
      shown = std::max(0, shown - 1);
      changed = true;
    }
  }
  if (changed) state.named = -1;
  draw_edit_refusal(state.error);
  ImGui::PopID();
  return changed;
}

}  // namespace ui
