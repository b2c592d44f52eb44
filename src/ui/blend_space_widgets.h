#pragma once
// The pieces both blend space editors (ui/blend_space_editor.h for 2D, ui/blend_space_1d_editor.h
// for 1D) draw with: colours, sample rows, axis controls, the arrow keys' step.

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <imgui.h>
#include <glm/glm.hpp>

#include "anim/blend_space_positions.h"
#include "ui/plot_colours.h"

namespace ui::blend_space_widgets {

constexpr float kPickRadiusPx = 9.0f;
constexpr float kSampleRadiusPx = 5.0f;
constexpr ImU32 kGridColor = IM_COL32(60, 64, 74, 255);
constexpr ImU32 kZeroAxisColor = IM_COL32(110, 116, 130, 255);
constexpr ImU32 kTextColor = IM_COL32(200, 204, 214, 255);
constexpr ImU32 kHandleColor = IM_COL32(250, 250, 250, 255);
constexpr ImU32 kErrorColor = IM_COL32(240, 90, 80, 255);

// Distinct hues for samples, repeated when there are more samples.
ImU32 sample_color(int i, int alpha = 255);

float distance_px(ImVec2 a, ImVec2 b);

// A clip picker; returns whether the choice changed.
bool clip_combo(const char* label, std::span<const std::string> clip_names, int& index);

// The index of name in clip_names, -1 when absent.
int clip_index(std::span<const std::string> clip_names, const std::string& name);

// The row under the editors for the selected sample (1D or 2D): its clip, where it sits
// (edit_position draws that widget) and Remove. Returns whether the space changed.
template <typename Sample, typename EditPosition>
bool edit_selected_sample(int& selected, std::vector<Sample>& samples,
                          std::span<const std::string> clip_names, float position_width,
                          EditPosition edit_position) {
  if (selected < 0) return false;
  bool changed = false;
  Sample& s = samples[selected];
  ImGui::PushID("selected");
  int clip = clip_index(clip_names, s.clip_name);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.35f);
  if (clip_combo("##clip", clip_names, clip)) {
    s.clip_name = clip_names[clip];
    changed = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * position_width);
  changed |= edit_position(s);
  ImGui::SameLine();
  if (ImGui::Button("Remove")) {
    samples.erase(samples.begin() + selected);
    selected = -1;
    changed = true;
  }
  ImGui::PopID();
  return changed;
}

// The row that adds a sample: a clip combo and "Add sample at point", which appends the chosen
// clip at position and selects it. Returns whether the space changed.
template <typename Sample, typename Position>
bool add_sample_row(std::span<const std::string> clip_names, int& clip_to_add,
                    std::vector<Sample>& samples, int& selected, Position position) {
  if (clip_names.empty()) return false;
  clip_to_add = std::clamp(clip_to_add, 0, static_cast<int>(clip_names.size()) - 1);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  clip_combo("##add clip", clip_names, clip_to_add);
  ImGui::SameLine();
  if (!ImGui::Button("Add sample at point")) return false;
  samples.push_back({clip_names[clip_to_add], position});
  selected = static_cast<int>(samples.size()) - 1;
  return true;
}

// Arrow keys while the mouse is over the space: the step in axis units along x and y (the
// right arrow moves the point to the plot's right, whichever way x is drawn).
glm::vec2 arrow_key_step(glm::vec2 range, bool flip_x, bool flip_y);

// Draws text centred on centre.
void draw_text_centered(ImDrawList* draw, ImVec2 centre, ImU32 color, const char* text);

// Axis range controls; returns whether anything changed.
// An axis's name and range. mirrored: the plot shows the axis negated (a character that faces
// -Z walks forward at negative velocity z), so the range is shown and typed in the plot's terms,
// as its edge labels read: stored -4.892..1 is shown -1..4.892.
bool axis_controls(const char* id, std::string& name, float& min, float& max,
                   bool mirrored = false);

// After the "Compute positions" button: its tooltip and the in-place option, a typed speed
// (1D and 2D spaces offer the same choice).
void compute_options(const char* tooltip, bool& in_place_typed_speed, float& typed_speed_mps);

// The "Compute positions" row of both editors: the button, which puts each sample whose clip is
// known at its clip's measured ground velocity (place(sample, velocity) sets the sample's
// threshold or position and returns where the figure came from), its options (tooltip), and the
// list_label tree of where each sample's place came from (describe(sample) writes the place).
// computed holds a source name per sample, "" for one moved by hand. Returns whether the button
// moved the samples.
template <typename Sample, typename Place, typename Describe>
bool compute_positions_row(const char* tooltip, const char* list_label,
                           std::vector<Sample>& samples, std::vector<std::string>& computed,
                           bool& in_place_typed_speed, float& typed_speed_mps,
                           std::span<const std::string> clip_names,
                           std::span<const anim::ClipVelocity> clip_velocities, Place place,
                           Describe describe) {
  bool changed = false;
  ImGui::BeginDisabled(clip_velocities.size() != clip_names.size() || clip_names.empty());
  if (ImGui::Button("Compute positions")) {
    computed.assign(samples.size(), "");
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const int clip = clip_index(clip_names, samples[i].clip_name);
      if (clip >= 0) computed[i] = place(samples[i], clip_velocities[clip]);
    }
    changed = true;
  }
  ImGui::EndDisabled();
  compute_options(tooltip, in_place_typed_speed, typed_speed_mps);
  if (computed.size() != samples.size()) computed.clear();
  if (!computed.empty() && ImGui::TreeNode(list_label)) {
    for (std::size_t i = 0; i < samples.size(); ++i) {
      ImGui::Text("%s: %s", describe(samples[i]).c_str(),
                  computed[i].empty() ? "moved by hand" : computed[i].c_str());
    }
    ImGui::TreePop();
  }
  return changed;
}

}  // namespace ui::blend_space_widgets
