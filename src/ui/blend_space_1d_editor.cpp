#include "ui/blend_space_1d_editor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "ui/blend_space_widgets.h"

namespace ui {

using namespace blend_space_widgets;

namespace {

// The editor's strip on screen: the axis from left to right at height axis_y, the space's range
// along it.
struct AxisStrip {
  ImVec2 origin;
  float width = 0.0f;
  float height = 0.0f;
  float left = 0.0f;
  float right = 0.0f;
  float axis_y = 0.0f;
  float min = 0.0f;
  float max = 1.0f;

  float to_x(float v) const { return left + (v - min) / (max - min) * (right - left); }
  float to_value(float x) const { return min + (x - left) / (right - left) * (max - min); }
  float clamp_value(float v) const { return std::clamp(v, min, max); }
};

// Mouse and keys over the strip (the canvas being the last item): press on a sample to drag it,
// anywhere else to move the handle there; the arrow keys move the handle.
void handle_axis_input(BlendSpace1DEditorState& state, anim::BlendSpace1D& space,
                       const AxisStrip& strip, bool hovered, bool active,
                       BlendSpaceEditorChange& change) {
  const int sample_count = static_cast<int>(space.samples.size());
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int under_mouse = -1;
  for (int i = 0; i < sample_count; ++i) {
    if (distance_px({strip.to_x(space.samples[i].threshold), strip.axis_y}, mouse) <=
        kPickRadiusPx) {
      under_mouse = i;
    }
  }
  if (ImGui::IsItemActivated()) {
    if (under_mouse >= 0) {
      state.dragged_sample = under_mouse;
      state.selected_sample = under_mouse;
    } else {
      state.dragging_point = true;
    }
  }
  if (active && state.dragged_sample >= 0) {
    float v = strip.clamp_value(strip.to_value(mouse.x));
    if (state.snap_to_grid) v = snap_to_grid(v, space.min, space.max, state.grid_divisions);
    if (v != space.samples[state.dragged_sample].threshold) {
      space.samples[state.dragged_sample].threshold = v;
      change.space = true;
    }
  } else if (active && state.dragging_point) {
    const float v = strip.clamp_value(strip.to_value(mouse.x));
    if (v != state.point) {
      state.point = v;
      change.point = true;
    }
  }
  if (!active) {
    state.dragged_sample = -1;
    state.dragging_point = false;
  }
  if (hovered) {
    const float step = arrow_key_step({space.max - space.min, 0.0f}, false, false).x;
    if (step != 0.0f) {
      state.point = strip.clamp_value(state.point + step);
      change.point = true;
    }
  }
}

// Draws the strip: the axis with its grid ticks, range and name, the samples with their weights
// (weights, one per sample, or none) and names, and the handle.
void draw_axis(ImDrawList* draw, const AxisStrip& strip, const BlendSpace1DEditorState& state,
               const anim::BlendSpace1D& space, std::span<const float> weights) {
  const int sample_count = static_cast<int>(space.samples.size());
  const ImVec2 origin = strip.origin;
  const float left = strip.left, right = strip.right, axis_y = strip.axis_y;
  draw->AddRectFilled(origin, {origin.x + strip.width, origin.y + strip.height}, kPlotBackground);
  for (int i = 0; i <= state.grid_divisions; ++i) {
    const float x = left + (right - left) * static_cast<float>(i) /
                               static_cast<float>(std::max(state.grid_divisions, 1));
    draw->AddLine({x, axis_y - 4.0f}, {x, axis_y + 4.0f}, kGridColor);
  }
  draw->AddLine({left, axis_y}, {right, axis_y}, kZeroAxisColor, 1.5f);
  char text[160];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(space.min));
  draw->AddText({left, axis_y + 8.0f}, kTextColor, text);
  std::snprintf(text, sizeof text, "%g", static_cast<double>(space.max));
  draw->AddText({right - ImGui::CalcTextSize(text).x, axis_y + 8.0f}, kTextColor, text);
  draw_text_centered(draw, {(left + right) * 0.5f, axis_y + 16.0f}, kTextColor,
                     space.parameter_name.c_str());
  const bool show_weights = static_cast<int>(weights.size()) == sample_count;
  for (int i = 0; i < sample_count; ++i) {
    const float x = strip.to_x(space.samples[i].threshold);
    if (show_weights) {
      // A bar whose height is the weight, up to the top of the strip.
      draw->AddRectFilled({x - 5.0f, axis_y - weights[i] * (axis_y - origin.y - 22.0f)},
                          {x + 5.0f, axis_y}, sample_color(i, 120));
    }
    draw->AddCircleFilled({x, axis_y}, kSampleRadiusPx, sample_color(i));
    if (i == state.selected_sample) {
      draw->AddCircle({x, axis_y}, kSampleRadiusPx + 3.0f, kHandleColor);
    }
    if (show_weights) {
      std::snprintf(text, sizeof text, "%s %.2f", space.samples[i].clip_name.c_str(),
                    static_cast<double>(weights[i]));
    } else {
      std::snprintf(text, sizeof text, "%s", space.samples[i].clip_name.c_str());
    }
    draw->AddText({x + 6.0f, origin.y + 4.0f + 14.0f * static_cast<float>(i % 2)}, kTextColor,
                  text);
  }
  const float hx = strip.to_x(state.point);
  draw->AddTriangleFilled({hx, axis_y - 2.0f}, {hx - 7.0f, axis_y - 14.0f},
                          {hx + 7.0f, axis_y - 14.0f}, kHandleColor);
}

// "Compute positions" (each sample at its clip's ground speed, the range grown to hold them),
// its options, and the list of where each threshold came from. Returns whether the space
// changed.
bool compute_thresholds_row(BlendSpace1DEditorState& state, anim::BlendSpace1D& space,
                            std::span<const std::string> clip_names,
                            std::span<const anim::ClipVelocity> clip_velocities) {
  const auto place = [&](anim::BlendSample1D& s, const anim::ClipVelocity& v) {
    s.threshold = anim::speed_threshold(v, state.in_place_typed_speed, state.typed_speed_mps);
    space.min = std::min(space.min, s.threshold);
    space.max = std::max(space.max, s.threshold);
    const bool typed = state.in_place_typed_speed && v.source == anim::VelocitySource::Feet;
    return std::string(anim::to_string(typed ? anim::VelocitySource::TypedSpeed : v.source));
  };
  const auto describe = [](const anim::BlendSample1D& s) {
    char text[160];
    std::snprintf(text, sizeof text, "%s %.2f", s.clip_name.c_str(),
                  static_cast<double>(s.threshold));
    return std::string(text);
  };
  return compute_positions_row(
      "Place every sample at its clip's ground speed: the root's where it travels; for in-place "
      "clips the planted feet's, or the typed speed",
      "Computed thresholds", space.samples, state.computed, state.in_place_typed_speed,
      state.typed_speed_mps, clip_names, clip_velocities, place, describe);
}

}  // namespace

BlendSpaceEditorChange draw_blend_space_1d_editor(
    BlendSpace1DEditorState& state, anim::BlendSpace1D& space,
    std::span<const std::string> clip_names, std::span<const float> weights,
    std::span<const anim::ClipVelocity> clip_velocities) {
  BlendSpaceEditorChange change;
  const int sample_count = static_cast<int>(space.samples.size());
  if (state.selected_sample >= sample_count) state.selected_sample = -1;
  if (state.dragged_sample >= sample_count) state.dragged_sample = -1;
  const bool range_valid = space.min < space.max;

  AxisStrip strip;
  strip.width = std::max(160.0f, ImGui::GetContentRegionAvail().x);
  strip.height = 110.0f;
  strip.origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##axis", {strip.width, strip.height}, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  strip.left = strip.origin.x + 12.0f;
  strip.right = strip.origin.x + strip.width - 12.0f;
  strip.axis_y = strip.origin.y + strip.height - 34.0f;
  strip.min = space.min;
  strip.max = space.max;
  if (range_valid) {
    handle_axis_input(state, space, strip, hovered, active, change);
    draw_axis(ImGui::GetWindowDrawList(), strip, state, space, weights);
  }

  char point_text[64];
  std::snprintf(point_text, sizeof point_text, "point %.3f", static_cast<double>(state.point));
  ImGui::TextUnformatted(point_text);
  state.error = anim::validate(space);
  if (!state.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::TextWrapped("%s", state.error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Checkbox("snap to grid", &state.snap_to_grid);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90.0f);
  ImGui::SliderInt("grid", &state.grid_divisions, 2, 24);
  change.space |= axis_controls("parameter", space.parameter_name, space.min, space.max);
  const float at = state.snap_to_grid
                       ? snap_to_grid(state.point, space.min, space.max, state.grid_divisions)
                       : state.point;
  change.space |=
      add_sample_row(clip_names, state.clip_to_add, space.samples, state.selected_sample, at);
  change.space |= compute_thresholds_row(state, space, clip_names, clip_velocities);
  change.space |= edit_selected_sample(
      state.selected_sample, space.samples, clip_names, 0.5f,
      [](anim::BlendSample1D& s) { return ImGui::DragFloat("##threshold", &s.threshold, 0.01f); });
  return change;
}

}  // namespace ui
