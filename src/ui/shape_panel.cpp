#include "ui/shape_panel.h"

#include <cctype>
#include <string>

#include <imgui.h>

namespace ui {
namespace {

constexpr ImU32 kSelectedOutline = IM_COL32(120, 200, 235, 255);  // the curve's colour

// After a shape's bar: outlines it when selected; a click selects it, or unselects it.
void toggle_selection_on_click(ShapePanelState& state, const anim::MorphChannel& channel,
                               bool selected) {
  if (selected) {
    ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                        kSelectedOutline, 0.0f, 0, 2.0f);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click: show its weight curve on the timeline");
  if (!ImGui::IsItemClicked()) return;
  state.selected_node = selected ? "" : channel.node_name;
  state.selected_target = selected ? "" : channel.target_name;
}

}  // namespace

bool shape_matches_filter(std::string_view target_name, std::string_view filter) {
  if (filter.empty()) return true;
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  for (std::size_t start = 0; start + filter.size() <= target_name.size(); ++start) {
    bool same = true;
    for (std::size_t i = 0; i < filter.size() && same; ++i) {
      same = lower(target_name[start + i]) == lower(filter[i]);
    }
    if (same) return true;
  }
  return false;
}

int selected_shape_channel(const ShapePanelState& state,
                           std::span<const anim::MorphChannel> channels) {
  if (state.selected_target.empty()) return -1;
  for (std::size_t c = 0; c < channels.size(); ++c) {
    if (channels[c].node_name == state.selected_node &&
        channels[c].target_name == state.selected_target) {
      return static_cast<int>(c);
    }
  }
  return -1;
}

ShapePanelChange draw_shape_panel(std::span<const anim::MorphChannel> channels,
                                  std::span<const float> weights, ShapePanelState& state) {
  ShapePanelChange change;
  if (channels.empty() || weights.size() != channels.size()) return change;
  if (!ImGui::CollapsingHeader("Shapes", ImGuiTreeNodeFlags_DefaultOpen)) return change;
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##shape filter", "filter shapes", state.filter, sizeof state.filter);
  const int selected = selected_shape_channel(state, channels);
  bool open = false;
  for (std::size_t c = 0; c < channels.size(); ++c) {
    // morph_channels_of lists each node's shapes together: a tree node per node.
    if (c == 0 || channels[c].node_name != channels[c - 1].node_name) {
      if (open) ImGui::TreePop();
      open = ImGui::TreeNodeEx(channels[c].node_name.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    }
    if (!open || !shape_matches_filter(channels[c].target_name, state.filter)) continue;
    ImGui::PushID(static_cast<int>(c));
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::ProgressBar(weights[c], ImVec2(0.5f * width, 0.0f), channels[c].target_name.c_str());
    toggle_selection_on_click(state, channels[c], selected == static_cast<int>(c));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    float weight = weights[c];
    ImGui::SliderFloat("##weight", &weight, 0.0f, 1.0f, "%.3f");
    if (ImGui::IsItemActive()) change = {static_cast<int>(c), weight, false};
    if (ImGui::IsItemDeactivated()) change = {static_cast<int>(c), weight, true};
    ImGui::PopID();
  }
  if (open) ImGui::TreePop();
  return change;
}

}  // namespace ui
