#include "ui/parameter_editor.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "project/graph_edits.h"

namespace ui {
namespace {

constexpr const char* kTypes[] = {"float", "int", "bool", "trigger"};

bool apply(ParameterEditorState& state, const std::string& error) {
  state.error = error;
  return error.empty();
}

}  // namespace

bool draw_parameter_editor(ParameterEditorState& state, project::Project& project) {
  bool changed = false;
  anim::Parameters& parameters = project.parameters;
  if (static_cast<int>(state.names.size()) != parameters.count()) {
    state.names.clear();
    for (const anim::Parameter& p : parameters.all()) state.names.push_back(p.name);
  }
  for (int i = 0; i < parameters.count() && !changed; ++i) {
    ImGui::PushID(i);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
    ImGui::InputText("##name", &state.names[i]);
    if (ImGui::IsItemDeactivatedAfterEdit()) {
      changed = apply(state, project::rename_parameter(project, i, state.names[i]));
      if (!changed) state.names[i] = parameters.at(i).name;
    }
    ImGui::SameLine();
    int type = static_cast<int>(parameters.at(i).type);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::Combo("##type", &type, kTypes, static_cast<int>(std::size(kTypes)))) {
      changed = apply(
          state, project::set_parameter_type(project, i, static_cast<anim::ParameterType>(type)));
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Remove")) changed = apply(state, project::remove_parameter(project, i));
    ImGui::PopID();
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  ImGui::InputText("##new name", &state.new_name);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0f);
  ImGui::Combo("##new type", &state.new_type, kTypes, static_cast<int>(std::size(kTypes)));
  ImGui::SameLine();
  if (ImGui::Button("Add parameter") &&
      apply(state, project::add_parameter(project, state.new_name,
                                          static_cast<anim::ParameterType>(state.new_type)))) {
    changed = true;
  }
  if (changed) state.names.clear();
  if (!state.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 90, 80, 255));
    ImGui::TextWrapped("%s", state.error.c_str());
    ImGui::PopStyleColor();
  }
  return changed;
}

}  // namespace ui
