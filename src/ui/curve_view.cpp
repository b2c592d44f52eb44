#include "ui/curve_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "ui/curve_plot.h"

namespace ui {
namespace {

// The value and time range at the plot's corners.
void draw_axis_labels(ImDrawList& draw, const CurveAxes& axes) {
  char text[32];
  const ImU32 grey = IM_COL32(160, 160, 170, 255);
  std::snprintf(text, sizeof(text), "%.4g", axes.v1);
  draw.AddText({axes.x0 + 3.0f, axes.y0 + 1.0f}, grey, text);
  std::snprintf(text, sizeof(text), "%.4g", axes.v0);
  draw.AddText({axes.x0 + 3.0f, axes.y1 - ImGui::GetFontSize() - 1.0f}, grey, text);
  std::snprintf(text, sizeof(text), "%.2f s", axes.t1_s);
  draw.AddText(
      {axes.x1 - ImGui::CalcTextSize(text).x - 3.0f, axes.y1 - ImGui::GetFontSize() - 1.0f}, grey,
      text);
}

// The channel set combo, Fit (the value axis back to the curves), and the legend: each
// component's name in its colour (each joint's name with several) and the unit; the largest
// stored-against-exact difference when the exact curves are drawn.
void draw_controls(CurveViewState& state, const CurveViewData& data) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  if (ImGui::BeginCombo("##channels", channel_set(state.channels).name)) {
    for (int i = 0; i < kCurveChannelSets; ++i) {
      const auto c = static_cast<CurveChannels>(i);
      if (ImGui::Selectable(channel_set(c).name, c == state.channels)) {
        state.channels = c;
        state.values_fitted = true;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(state.values_fitted);
  if (ImGui::SmallButton("Fit")) state.values_fitted = true;
  ImGui::EndDisabled();
  const ChannelSet& set = channel_set(state.channels);
  const int joints = static_cast<int>(data.joints.size());
  if (joints <= 1) {
    for (std::size_t i = 0; i < set.components.size() && set.components[i] != nullptr; ++i) {
      ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(set.colours[i]), "%s", set.components[i]);
    }
  }
  for (int j = 0; j < joints && joints > 1; ++j) {
    const std::string_view name = data.joints[static_cast<std::size_t>(j)].joint;
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(curve_colour(state.channels, 0, j, joints)),
                       "%.*s", static_cast<int>(name.size()), name.data());
  }
  ImGui::SameLine();
  const std::string_view joint = joints == 1 ? data.joints.front().joint : std::string_view{};
  ImGui::TextDisabled("%s%s  %.*s", set.unit, joints > 1 ? "  (x y z: bright to dark)" : "",
                      static_cast<int>(joint.size()), joint.data());
  if (state.drawn && state.largest_error > 0.0f) {
    ImGui::SameLine();
    ImGui::TextDisabled("stored vs exact: %.3g %s", state.largest_error, set.unit);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%.*s", static_cast<int>(data.source.size()), data.source.data());
}

// The plot's mouse: a left press or drag scrubs (the returned time), the wheel zooms time about
// the cursor and Ctrl+wheel values, a right drag pans both. Negative when not scrubbing.
double handle_plot_input(CurveViewState& state, const CurveViewData& data) {
  const ImGuiIO& io = ImGui::GetIO();
  const CurveAxes& axes = state.axes;
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
    const double factor = std::pow(0.8, static_cast<double>(io.MouseWheel));
    if (io.KeyCtrl) {
      zoom_values(state.v0, state.v1, axes.value_at(io.MousePos.y), static_cast<float>(factor));
      state.values_fitted = false;
    } else {
      zoom_time(state.t0_s, state.t1_s, axes.time_at(io.MousePos.x), factor, data.fps,
                data.duration_s);
    }
  }
  state.scrubbing = ImGui::IsItemActive() && io.MouseDown[0];
  if (ImGui::IsItemActive() && io.MouseDown[1] && io.MouseDelta.x != 0.0f) {
    pan_time(
        state.t0_s, state.t1_s,
        -static_cast<double>(io.MouseDelta.x / (axes.x1 - axes.x0)) * (state.t1_s - state.t0_s),
        data.duration_s);
  }
  if (ImGui::IsItemActive() && io.MouseDown[1] && io.MouseDelta.y != 0.0f) {
    const float shift = io.MouseDelta.y / (axes.y1 - axes.y0) * (state.v1 - state.v0);
    state.v0 += shift;
    state.v1 += shift;
    state.values_fitted = false;
  }
  return state.scrubbing ? snap_to_frame(axes.time_at(io.MousePos.x), data.fps, data.duration_s)
                         : -1.0;
}

// The window's plot: the axes from the space left, the input, the value range (fitted to the
// visible curves unless the user zoomed or panned it), the drawing.
double draw_plot_area(CurveViewState& state, const CurveViewData& data) {
  if (state.range_of_duration != data.duration_s || state.t1_s <= state.t0_s) {
    state.t0_s = 0.0;
    state.t1_s = data.duration_s;
    state.range_of_duration = data.duration_s;
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const ImVec2 size(std::max(room.x, 100.0f), std::max(room.y, 80.0f));
  ImGui::InvisibleButton("plot", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  state.axes.x0 = origin.x;
  state.axes.y0 = origin.y;
  state.axes.x1 = origin.x + size.x;
  state.axes.y1 = origin.y + size.y;
  state.axes.t0_s = state.t0_s;  // the range a new clip reset: the cursor's times are in it
  state.axes.t1_s = state.t1_s;
  state.axes.v0 = state.v0;  // as drawn last: what the cursor's value is read against
  state.axes.v1 = state.v1;
  const double seek = handle_plot_input(state, data);
  if (state.values_fitted) {
    fit_values(visible_values(data, state.channels, state.t0_s, state.t1_s), state.v0, state.v1);
  }
  state.axes.t0_s = state.t0_s;
  state.axes.t1_s = state.t1_s;
  state.axes.v0 = state.v0;
  state.axes.v1 = state.v1;
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw_plot(draw, state, data);
  draw_axis_labels(draw, state.axes);
  state.drawn = true;
  return seek;
}

}  // namespace

int curve_components(const anim::JointMotionFrame& frame, CurveChannels channels, float* values) {
  const auto copy3 = [values](const glm::vec3& v) {
    for (int i = 0; i < 3; ++i) values[i] = v[i];
    return 3;
  };
  switch (channels) {
    case CurveChannels::Translation:
      return copy3(frame.local.translation);
    case CurveChannels::EulerDegrees:
      return copy3(frame.euler_deg);
    case CurveChannels::Scale:
      return copy3(frame.local.scale);
    case CurveChannels::Quaternion: {
      const glm::quat& q = frame.local.rotation;
      values[0] = q.w;
      values[1] = q.x;
      values[2] = q.y;
      values[3] = q.z;
      return 4;
    }
    case CurveChannels::LinearSpeed:
      values[0] = frame.linear_speed;
      return 1;
    case CurveChannels::AngularSpeed:
      values[0] = frame.angular_speed_deg;
      return 1;
    case CurveChannels::LinearAcceleration:
      values[0] = frame.linear_acceleration;
      return 1;
  }
  return 0;
}

double draw_curve_view(CurveViewState& state, const CurveViewData& data) {
  state.drawn = false;
  if (!state.open) return -1.0;
  ImGui::SetNextWindowPos(ImVec2(320.0f, 380.0f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(640.0f, 300.0f), ImGuiCond_FirstUseEver);
  double seek = -1.0;
  // The wheel zooms the plot; the window has nothing to scroll.
  if (ImGui::Begin("Curves", &state.open, ImGuiWindowFlags_NoScrollWithMouse)) {
    draw_controls(state, data);
    const bool sampled = std::any_of(data.joints.begin(), data.joints.end(),
                                     [](const JointCurveSet& s) { return s.frames.size() >= 2; });
    if (!data.joint_selected) {
      ImGui::TextDisabled("Select a joint (Joints tab, or click it in the viewport).");
    } else if (!sampled || data.duration_s <= 0.0f) {
      ImGui::TextDisabled("Preview a clip, or play the graph, to see the joint's curves.");
    } else {
      seek = draw_plot_area(state, data);
    }
  }
  ImGui::End();
  return seek;
}

}  // namespace ui
