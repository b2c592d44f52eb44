#include "ui/layer_editor.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "project/layer_edits.h"

namespace ui {
namespace {

constexpr const char* kModes[] = {"override", "additive"};
constexpr ImU32 kInMask = IM_COL32(110, 220, 130, 255);
constexpr ImU32 kOutOfMask = IM_COL32(150, 150, 160, 255);

bool apply(LayerEditorState& state, const std::string& error) {
  state.error = error;
  return error.empty();
}

// What the layer plays: a clip, or a blend space of the graph (its own player, driven by the
// space's parameters).
bool source_combo(const project::Project& project, project::ProjectLayer& layer) {
  bool changed = false;
  const bool is_space = !layer.blend_space.empty();
  const std::string shown = is_space ? "blend space " + layer.blend_space
                            : layer.clip >= 0 && layer.clip < static_cast<int>(project.clips.size())
                                ? "clip " + project.clips[layer.clip]
                                : std::string("(none)");
  if (ImGui::BeginCombo("Plays", shown.c_str())) {
    for (int c = 0; c < static_cast<int>(project.clips.size()); ++c) {
      if (ImGui::Selectable(("clip " + project.clips[c]).c_str(), !is_space && c == layer.clip)) {
        changed = is_space || c != layer.clip;
        layer.clip = c;
        layer.blend_space.clear();
      }
    }
    for (const project::ProjectBlendSpace& b : project.blend_spaces) {
      if (ImGui::Selectable(("blend space " + b.name).c_str(), b.name == layer.blend_space)) {
        changed = b.name != layer.blend_space;
        layer.blend_space = b.name;
        if (layer.clip < 0) layer.clip = 0;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The skeleton as a tree of joints, each shown in or out of mask; returns the clicked joint or
// -1. children lists each joint's children.
int draw_joint_tree(const anim::Skeleton& skeleton, const std::vector<std::vector<int>>& children,
                    const std::vector<float>& mask, int joint) {
  int clicked = -1;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen |
                             ImGuiTreeNodeFlags_SpanAvailWidth;
  if (children[joint].empty()) flags |= ImGuiTreeNodeFlags_Leaf;
  const bool in = mask[joint] >= 0.5f;
  ImGui::PushStyleColor(ImGuiCol_Text, in ? kInMask : kOutOfMask);
  const bool open =
      ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(joint)), flags, "%s %s",
                        in ? "[x]" : "[ ]", skeleton.joint_names[joint].c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) clicked = joint;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Click: %s %s and the joints below it", in ? "remove" : "add",
                      skeleton.joint_names[joint].c_str());
  }
  if (open) {
    for (int child : children[joint]) {
      const int c = draw_joint_tree(skeleton, children, mask, child);
      if (c >= 0) clicked = c;
    }
    ImGui::TreePop();
  }
  return clicked;
}

// The chosen layer's name, clip, mode and mask tree.
bool draw_layer_details(LayerEditorState& state, project::Project& project,
                        const anim::Skeleton& skeleton, int index) {
  project::ProjectLayer& layer = project.layers[index];
  bool changed = false;
  std::string name = layer.name;
  ImGui::InputText("Name", &name);
  if (ImGui::IsItemDeactivatedAfterEdit() && name != layer.name) {
    const bool taken = std::any_of(project.layers.begin(), project.layers.end(),
                                   [&](const project::ProjectLayer& l) { return l.name == name; });
    if (name.empty() || taken) {
      state.error = name.empty() ? "a layer needs a name" : "a layer is already called " + name;
    } else {
      layer.name = name;
      changed = true;
    }
  }
  changed |= source_combo(project, layer);
  int mode = static_cast<int>(layer.mode);
  if (ImGui::Combo("Mode", &mode, kModes, static_cast<int>(std::size(kModes)))) {
    layer.mode = static_cast<anim::LayerMode>(mode);
    changed = true;
  }
  std::vector<float> mask;
  if (!apply(state, project::layer_mask(layer, skeleton, mask))) return changed;
  const auto picked = std::count_if(mask.begin(), mask.end(), [](float v) { return v >= 0.5f; });
  ImGui::Text("Mask: %d of %d joints", static_cast<int>(picked), skeleton.joint_count());
  ImGui::SameLine();
  if (ImGui::SmallButton("Whole body")) {
    changed |= apply(state, project::set_layer_mask_all(project, skeleton, index, true));
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("No joint")) {
    changed |= apply(state, project::set_layer_mask_all(project, skeleton, index, false));
  }
  ImGui::TextDisabled("Click a joint to toggle it and the joints below it.");
  std::vector<std::vector<int>> children(skeleton.joint_count());
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.parents[j] != anim::kNoParent) children[skeleton.parents[j]].push_back(j);
  }
  int clicked = -1;
  ImGui::BeginChild("skeleton tree", ImVec2(0.0f, 0.0f), true);
  ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, 12.0f);
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.parents[j] != anim::kNoParent) continue;
    const int c = draw_joint_tree(skeleton, children, mask, j);
    if (c >= 0) clicked = c;
  }
  ImGui::PopStyleVar();
  ImGui::EndChild();
  if (clicked >= 0) {
    changed |= apply(state, project::toggle_layer_mask_joint(project, skeleton, index, clicked));
  }
  return changed;
}

}  // namespace

LayerEditorChange draw_layer_editor(LayerEditorState& state, project::Project& project,
                                    const anim::Skeleton& skeleton) {
  LayerEditorChange change;
  const int count = static_cast<int>(project.layers.size());
  for (int i = 0; i < count; ++i) {
    project::ProjectLayer& layer = project.layers[i];
    ImGui::PushID(i);
    if (ImGui::RadioButton("##pick", state.selected == i)) state.selected = i;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show this layer's mask on the skeleton tree");
    ImGui::SameLine();
    // Before the slider, so a long layer name never pushes it out of the panel.
    if (ImGui::SmallButton("Remove")) {
      change.graph_edited = apply(state, project::remove_layer(project, i));
      ImGui::PopID();
      break;  // layer is gone
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
    const std::string label =
        layer.name + (layer.mode == anim::LayerMode::Additive ? " (additive)" : " (override)");
    if (ImGui::SliderFloat(label.c_str(), &layer.weight, 0.0f, 1.0f)) change.weight_layer = i;
    if (ImGui::IsItemDeactivatedAfterEdit()) {
      change.weight_layer = i;
      change.weight_released = true;
    }
    ImGui::PopID();
  }
  if (count == 0) ImGui::TextDisabled("No layers yet: a layer plays a clip over the graph.");
  if (ImGui::Button("Add layer")) {
    int index = -1;
    // The first clip the project has, or the chosen layer's (often the next layer is a variant).
    const int clip =
        state.selected >= 0 && state.selected < count ? project.layers[state.selected].clip : 0;
    if (apply(state, project::add_layer(project, skeleton, "layer", clip, index))) {
      state.selected = index;
      change.graph_edited = true;
    }
  }
  state.selected =
      std::clamp(state.selected, 0, std::max(0, static_cast<int>(project.layers.size()) - 1));
  if (!state.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 90, 80, 255));
    ImGui::TextWrapped("%s", state.error.c_str());
    ImGui::PopStyleColor();
  }
  if (!change.graph_edited && state.selected < static_cast<int>(project.layers.size())) {
    ImGui::Separator();
    change.graph_edited = draw_layer_details(state, project, skeleton, state.selected);
  }
  return change;
}

}  // namespace ui
