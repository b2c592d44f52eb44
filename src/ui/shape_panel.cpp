#include "ui/shape_panel.h"

#include <cctype>
#include <string>

#include <imgui.h>

namespace ui {

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

ShapePanelChange draw_shape_panel(std::span<const anim::MorphChannel> channels,
                                  std::span<const float> weights, ShapePanelState& state) {
  ShapePanelChange change;
  if (channels.empty() || weights.size() != channels.size()) return change;
  if (!ImGui::CollapsingHeader("Shapes", ImGuiTreeNodeFlags_DefaultOpen)) return change;
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##shape filter", "filter shapes", state.filter, sizeof state.filter);
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
