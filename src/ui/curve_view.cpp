#include "ui/curve_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <imgui.h>

namespace ui {
namespace {

struct ChannelSet {
  const char* name;
  const char* unit;
  std::array<const char*, 4> components;
  std::array<ImU32, 4> colours;
};

constexpr ImU32 kRed = IM_COL32(235, 85, 80, 255);
constexpr ImU32 kGreen = IM_COL32(95, 205, 95, 255);
constexpr ImU32 kBlue = IM_COL32(95, 145, 245, 255);
constexpr ImU32 kWhite = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kYellow = IM_COL32(235, 200, 80, 255);
constexpr ImU32 kPop = IM_COL32(255, 40, 40, 255);

const ChannelSet& channel_set(CurveChannels channels) {
  static const std::array<ChannelSet, 6> sets{{
      {"Translation", "m", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Rotation (Euler)", "deg", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Rotation (quaternion)", "", {"w", "x", "y", "z"}, {kWhite, kRed, kGreen, kBlue}},
      {"Scale", "", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Linear speed", "m/s", {"speed"}, {kYellow}},
      {"Angular speed", "deg/s", {"speed"}, {kYellow}},
  }};
  return sets[static_cast<std::size_t>(channels)];
}

bool is_speed(CurveChannels channels) {
  return channels == CurveChannels::LinearSpeed || channels == CurveChannels::AngularSpeed;
}

// The component's value at t_s, linear between the two frames around it.
float value_at(std::span<const anim::JointMotionFrame> frames, CurveChannels channels,
               int component, double t_s) {
  const auto after =
      std::lower_bound(frames.begin(), frames.end(), t_s,
                       [](const anim::JointMotionFrame& f, double t) { return f.time_s < t; });
  std::array<float, 4> a{}, b{};
  if (after == frames.begin() || after == frames.end()) {
    curve_components(after == frames.end() ? frames.back() : frames.front(), channels, a.data());
    return a[component];
  }
  const anim::JointMotionFrame& f1 = *after;
  const anim::JointMotionFrame& f0 = *(after - 1);
  curve_components(f0, channels, a.data());
  curve_components(f1, channels, b.data());
  const float s = static_cast<float>((t_s - f0.time_s) / (f1.time_s - f0.time_s));
  return a[component] + s * (b[component] - a[component]);
}

// The frames drawn for the visible range: those inside it and one either side.
std::span<const anim::JointMotionFrame> visible_frames(const CurveViewData& data, double t0_s,
                                                       double t1_s) {
  const auto by_time = [](const anim::JointMotionFrame& f, double t) { return f.time_s < t; };
  auto first = std::lower_bound(data.frames.begin(), data.frames.end(), t0_s, by_time);
  auto last = std::lower_bound(first, data.frames.end(), t1_s, by_time);
  if (first != data.frames.begin()) --first;
  if (last != data.frames.end()) ++last;
  return {first, last};
}

// The axes' time range, and the value range that fits the visible curves.
void fit_axes(CurveViewState& state, std::span<const anim::JointMotionFrame> shown) {
  std::vector<float> values;
  values.reserve(shown.size() * 4);
  for (const anim::JointMotionFrame& f : shown) {
    std::array<float, 4> v{};
    const int n = curve_components(f, state.channels, v.data());
    values.insert(values.end(), v.begin(), v.begin() + n);
  }
  fit_values(values, state.axes.v0, state.axes.v1);
  state.axes.t0_s = state.t0_s;
  state.axes.t1_s = state.t1_s;
}

// The channel set combo and the legend: each component's name in its colour, and the unit.
void draw_controls(CurveViewState& state, std::string_view joint) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  if (ImGui::BeginCombo("##channels", channel_set(state.channels).name)) {
    for (int i = 0; i < 6; ++i) {
      const auto c = static_cast<CurveChannels>(i);
      if (ImGui::Selectable(channel_set(c).name, c == state.channels)) state.channels = c;
    }
    ImGui::EndCombo();
  }
  const ChannelSet& set = channel_set(state.channels);
  for (std::size_t i = 0; i < set.components.size() && set.components[i] != nullptr; ++i) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(set.colours[i]), "%s", set.components[i]);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s  %.*s", set.unit, static_cast<int>(joint.size()), joint.data());
}

// The curves, the key dots on them, the pops (speed views) and the playhead, recorded in state.
void draw_plot(ImDrawList& draw, CurveViewState& state, const CurveViewData& data,
               std::span<const anim::JointMotionFrame> shown) {
  const CurveAxes& axes = state.axes;
  const ChannelSet& set = channel_set(state.channels);
  draw.AddRectFilled({axes.x0, axes.y0}, {axes.x1, axes.y1}, IM_COL32(30, 30, 34, 255));
  draw.PushClipRect({axes.x0, axes.y0}, {axes.x1, axes.y1}, true);
  if (axes.v0 < 0.0f && axes.v1 > 0.0f) {  // the zero line
    draw.AddLine({axes.x0, axes.y_of(0.0f)}, {axes.x1, axes.y_of(0.0f)}, IM_COL32(80, 80, 90, 255));
  }
  std::array<float, 4> v{};
  const int count = curve_components(data.frames.front(), state.channels, v.data());
  std::vector<ImVec2> line(shown.size());
  for (int c = 0; c < count; ++c) {
    for (std::size_t i = 0; i < shown.size(); ++i) {
      curve_components(shown[i], state.channels, v.data());
      line[i] = {axes.x_of(shown[i].time_s), axes.y_of(v[c])};
    }
    draw.AddPolyline(line.data(), static_cast<int>(line.size()), set.colours[c], 0, 1.5f);
  }
  state.key_dots.clear();
  for (const float k : data.key_times) {
    if (k < state.t0_s || k > state.t1_s) continue;
    for (int c = 0; c < count; ++c) {
      const glm::vec2 dot(axes.x_of(k), axes.y_of(value_at(data.frames, state.channels, c, k)));
      state.key_dots.push_back(dot);
      draw.AddCircleFilled({dot.x, dot.y}, 3.0f, set.colours[c]);
    }
  }
  state.pop_xs.clear();
  for (const anim::Pop& pop : is_speed(state.channels) ? data.pops : std::span<const anim::Pop>{}) {
    if (pop.time_s < state.t0_s || pop.time_s > state.t1_s) continue;
    state.pop_xs.push_back(axes.x_of(pop.time_s));
    draw.AddLine({state.pop_xs.back(), axes.y0}, {state.pop_xs.back(), axes.y1}, kPop, 2.0f);
  }
  state.playhead_x = axes.x_of(data.playhead_s);
  draw.AddLine({state.playhead_x, axes.y0}, {state.playhead_x, axes.y1},
               IM_COL32(255, 255, 255, 200), 1.5f);
  draw.PopClipRect();
}

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

// The plot's mouse: a left press or drag scrubs (the returned time), the wheel zooms about the
// cursor, a right drag pans. Negative when not scrubbing.
double handle_plot_input(CurveViewState& state, const CurveViewData& data) {
  const ImGuiIO& io = ImGui::GetIO();
  const CurveAxes& axes = state.axes;
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
    zoom_time(state.t0_s, state.t1_s, axes.time_at(io.MousePos.x),
              std::pow(0.8, static_cast<double>(io.MouseWheel)), data.fps, data.duration_s);
  }
  state.scrubbing = ImGui::IsItemActive() && io.MouseDown[0];
  if (ImGui::IsItemActive() && io.MouseDown[1] && io.MouseDelta.x != 0.0f) {
    pan_time(
        state.t0_s, state.t1_s,
        -static_cast<double>(io.MouseDelta.x / (axes.x1 - axes.x0)) * (state.t1_s - state.t0_s),
        data.duration_s);
  }
  return state.scrubbing ? snap_to_frame(axes.time_at(io.MousePos.x), data.fps, data.duration_s)
                         : -1.0;
}

// The window's plot: the axes from the space left, the drawing, the input.
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
  const double seek = handle_plot_input(state, data);
  const std::span<const anim::JointMotionFrame> shown =
      visible_frames(data, state.t0_s, state.t1_s);
  fit_axes(state, shown);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw_plot(draw, state, data, shown);
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
    draw_controls(state, data.joint);
    if (data.joint.empty()) {
      ImGui::TextDisabled("Select a joint (Joints tab, or click it in the viewport).");
    } else if (data.frames.size() < 2 || data.duration_s <= 0.0f) {
      ImGui::TextDisabled("Preview a clip to see the joint's curves.");
    } else {
      seek = draw_plot_area(state, data);
    }
  }
  ImGui::End();
  return seek;
}

}  // namespace ui
