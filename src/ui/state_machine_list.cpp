#include "ui/state_machine_list.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "project/state_machine_list.h"
#include "ui/edit_refusal.h"
#include "ui/item_center.h"

namespace ui {

bool draw_state_machine_list(StateMachineListState& state, project::Project& project) {
  bool changed = false;
  ImGui::PushID("state machine list");
  const std::string active = project::state_machine_label(project.state_machine);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  if (ImGui::BeginCombo("##machine", active.c_str())) {
    ImGui::Selectable(active.c_str(), true);
    for (int i = 0; i < static_cast<int>(project.other_state_machines.size()); ++i) {
      ImGui::PushID(i);
      const std::string label = project::state_machine_label(project.other_state_machines[i]);
      if (ImGui::Selectable(label.c_str(), false) &&
          edit_done(state.error, project::activate_state_machine(project, i))) {
        changed = true;
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The state machine the character plays");
  ImGui::SameLine();
  const bool make_new = ImGui::Button("New");
  state.new_at = last_item_center();
  if (make_new && edit_done(state.error, project::add_state_machine(project, "state machine")))
    changed = true;
  ImGui::SameLine();
  int copy = -1;
  if (ImGui::Button("Duplicate") &&
      edit_done(state.error,
                project::duplicate_state_machine(project, project::kActiveMachine, copy))) {
    changed = true;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(project.other_state_machines.empty());
  if (ImGui::Button("Delete others...")) ImGui::OpenPopup("delete machines");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("The active machine plays, so it cannot be deleted: pick another first");
  }
  if (ImGui::BeginPopup("delete machines")) {
    for (int i = 0; i < static_cast<int>(project.other_state_machines.size()); ++i) {
      ImGui::PushID(i);
      const std::string label =
          "Delete '" + project::state_machine_label(project.other_state_machines[i]) + "'";
      if (ImGui::MenuItem(label.c_str()) &&
          edit_done(state.error, project::delete_state_machine(project, i))) {
        changed = true;
      }
      ImGui::PopID();
    }
    ImGui::EndPopup();
  }
  const std::string current = project::state_machine_label(project.state_machine);
  if (state.named != current) {
    state.name = current;
    state.named = current;
  }
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  ImGui::InputText("name##machine", &state.name);
  if (ImGui::IsItemDeactivatedAfterEdit() && state.name != current &&
      edit_done(state.error,
                project::rename_state_machine(project, project::kActiveMachine, state.name))) {
    changed = true;
  }
  draw_edit_refusal(state.error);
  ImGui::PopID();
  return changed;
}

}  // namespace ui
