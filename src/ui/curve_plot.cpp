#include "ui/curve_plot.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "ui/plot_colours.h"

namespace ui {
namespace {

constexpr ImU32 kRed = IM_COL32(235, 85, 80, 255);
constexpr ImU32 kGreen = IM_COL32(95, 205, 95, 255);
constexpr ImU32 kBlue = IM_COL32(95, 145, 245, 255);
constexpr ImU32 kWhite = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kYellow = IM_COL32(235, 200, 80, 255);
constexpr ImU32 kPop = IM_COL32(255, 40, 40, 255);

// The joints' colours when several are plotted.
constexpr std::array<ImU32, 6> kJointColours{
    IM_COL32(240, 160, 60, 255),  IM_COL32(90, 200, 230, 255),  IM_COL32(200, 120, 230, 255),
    IM_COL32(130, 220, 110, 255), IM_COL32(240, 110, 140, 255), IM_COL32(230, 230, 120, 255)};

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

// One component of shown frames as points of the plot.
void component_line(const CurveAxes& axes, std::span<const anim::JointMotionFrame> shown,
                    CurveChannels channels, int component, std::vector<ImVec2>& line) {
  line.resize(shown.size());
  std::array<float, 4> v{};
  for (std::size_t i = 0; i < shown.size(); ++i) {
    curve_components(shown[i], channels, v.data());
    line[i] = {axes.x_of(shown[i].time_s), axes.y_of(v[static_cast<std::size_t>(component)])};
  }
}

// The joint's curves; with exact frames, the exact curve thin underneath and the band between.
void draw_joint_curves(ImDrawList& draw, CurveViewState& state, const JointCurveSet& set, int joint,
                       int joints) {
  const std::span<const anim::JointMotionFrame> shown =
      visible_frames(set.frames, state.t0_s, state.t1_s);
  const bool exact = set.exact_frames.size() == set.frames.size() && !marks_pops(state.channels);
  const std::span<const anim::JointMotionFrame> shown_exact =
      exact ? set.exact_frames.subspan(static_cast<std::size_t>(shown.data() - set.frames.data()),
                                       shown.size())
            : std::span<const anim::JointMotionFrame>{};
  std::array<float, 4> v{};
  const int count = curve_components(set.frames.front(), state.channels, v.data());
  std::vector<ImVec2> line, under;
  for (int c = 0; c < count; ++c) {
    const ImU32 colour = curve_colour(state.channels, c, joint, joints);
    component_line(state.axes, shown, state.channels, c, line);
    if (exact) {
      component_line(state.axes, shown_exact, state.channels, c, under);
      for (std::size_t i = 0; i + 1 < line.size(); ++i) {  // two triangles: crossing is fine
        draw.AddTriangleFilled(under[i], under[i + 1], line[i + 1], with_alpha(colour, 70));
        draw.AddTriangleFilled(under[i], line[i + 1], line[i], with_alpha(colour, 70));
      }
      draw.AddPolyline(under.data(), static_cast<int>(under.size()), with_alpha(colour, 130), 0,
                       1.0f);
    }
    draw.AddPolyline(line.data(), static_cast<int>(line.size()), colour, 0, 1.5f);
  }
  if (!exact) return;
  std::array<float, 4> e{};
  for (std::size_t i = 0; i < set.frames.size(); ++i) {
    curve_components(set.frames[i], state.channels, v.data());
    curve_components(set.exact_frames[i], state.channels, e.data());
    for (int c = 0; c < count; ++c) {
      state.largest_error = std::max(state.largest_error, std::fabs(v[c] - e[c]));
    }
  }
}

// Dots at the joint's keys, on each component's curve.
void draw_keys(ImDrawList& draw, CurveViewState& state, const JointCurveSet& set, int joint,
               int joints) {
  std::array<float, 4> v{};
  const int count = curve_components(set.frames.front(), state.channels, v.data());
  for (const float k : set.key_times) {
    if (k < state.t0_s || k > state.t1_s) continue;
    for (int c = 0; c < count; ++c) {
      const glm::vec2 dot(state.axes.x_of(k),
                          state.axes.y_of(value_at(set.frames, state.channels, c, k)));
      state.key_dots.push_back(dot);
      draw.AddCircleFilled({dot.x, dot.y}, 3.0f, curve_colour(state.channels, c, joint, joints));
    }
  }
}

// A CUBICSPLINE key's tangents as handles a third of the way to the keys either side (where a
// Bezier curve of the same Hermite segment has its control points).
void draw_tangents(ImDrawList& draw, CurveViewState& state, const JointCurveSet& set, int joint,
                   int joints) {
  const CurveAxes& axes = state.axes;
  for (const CurveTangentKey& key : set.tangents) {
    if (key.channels != state.channels || key.time_s < state.t0_s || key.time_s > state.t1_s) {
      continue;
    }
    const int count = key.channels == CurveChannels::Quaternion ? 4 : 3;
    for (int c = 0; c < count; ++c) {
      const std::size_t i = static_cast<std::size_t>(c);
      const ImU32 colour = with_alpha(curve_colour(state.channels, c, joint, joints), 200);
      const ImVec2 at(axes.x_of(key.time_s), axes.y_of(key.value[i]));
      const float before = key.before_s / 3.0f, after = key.after_s / 3.0f;
      const ImVec2 in(axes.x_of(key.time_s - before),
                      axes.y_of(key.value[i] - key.in_tangent[i] * before));
      const ImVec2 out(axes.x_of(key.time_s + after),
                       axes.y_of(key.value[i] + key.out_tangent[i] * after));
      for (const ImVec2& end : {in, out}) {
        draw.AddLine(at, end, colour, 1.0f);
        draw.AddRectFilled({end.x - 2.0f, end.y - 2.0f}, {end.x + 2.0f, end.y + 2.0f}, colour);
        state.handle_ends.emplace_back(end.x, end.y);
      }
    }
  }
}

// The joint's pops as red lines; in the acceleration view, the threshold they passed.
void draw_pops(ImDrawList& draw, CurveViewState& state, const JointCurveSet& set, int joint,
               int joints) {
  const CurveAxes& axes = state.axes;
  for (const anim::Pop& pop : set.pops) {
    if (pop.time_s < state.t0_s || pop.time_s > state.t1_s) continue;
    state.pop_xs.push_back(axes.x_of(pop.time_s));
    draw.AddLine({state.pop_xs.back(), axes.y0}, {state.pop_xs.back(), axes.y1}, kPop, 2.0f);
  }
  if (state.channels != CurveChannels::LinearAcceleration) return;
  const float y = axes.y_of(set.pop_threshold);
  state.threshold_ys.push_back(y);
  const ImU32 colour =
      joints == 1 ? kPop : with_alpha(curve_colour(state.channels, 0, joint, joints), 160);
  for (float x = axes.x0; x < axes.x1; x += 10.0f) {  // dashed
    draw.AddLine({x, y}, {std::min(x + 6.0f, axes.x1), y}, colour, 1.0f);
  }
}

}  // namespace

const ChannelSet& channel_set(CurveChannels channels) {
  static const std::array<ChannelSet, kCurveChannelSets> sets{{
      {"Translation", "m", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Rotation (Euler)", "deg", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Rotation (quaternion)", "", {"w", "x", "y", "z"}, {kWhite, kRed, kGreen, kBlue}},
      {"Scale", "", {"x", "y", "z"}, {kRed, kGreen, kBlue}},
      {"Linear speed", "m/s", {"speed"}, {kYellow}},
      {"Angular speed", "deg/s", {"speed"}, {kYellow}},
      {"Acceleration", "m/s^2", {"acceleration"}, {kYellow}},
  }};
  return sets[static_cast<std::size_t>(channels)];
}

bool marks_pops(CurveChannels channels) {
  return channels == CurveChannels::LinearSpeed || channels == CurveChannels::AngularSpeed ||
         channels == CurveChannels::LinearAcceleration;
}

ImU32 curve_colour(CurveChannels channels, int component, int joint, int joints) {
  if (joints <= 1) return channel_set(channels).colours[static_cast<std::size_t>(component)];
  const ImVec4 base =
      ImGui::ColorConvertU32ToFloat4(kJointColours[static_cast<std::size_t>(joint) % 6]);
  const float shade = 1.0f - 0.22f * static_cast<float>(component);
  return ImGui::ColorConvertFloat4ToU32({base.x * shade, base.y * shade, base.z * shade, 1.0f});
}

std::span<const anim::JointMotionFrame> visible_frames(std::span<const anim::JointMotionFrame> all,
                                                       double t0_s, double t1_s) {
  const auto by_time = [](const anim::JointMotionFrame& f, double t) { return f.time_s < t; };
  auto first = std::lower_bound(all.begin(), all.end(), t0_s, by_time);
  auto last = std::lower_bound(first, all.end(), t1_s, by_time);
  if (first != all.begin()) --first;
  if (last != all.end()) ++last;
  return {first, last};
}

std::vector<float> visible_values(const CurveViewData& data, CurveChannels channels, double t0_s,
                                  double t1_s) {
  std::vector<float> values;
  for (const JointCurveSet& set : data.joints) {
    for (const auto frames : {set.frames, set.exact_frames}) {
      for (const anim::JointMotionFrame& f : visible_frames(frames, t0_s, t1_s)) {
        std::array<float, 4> v{};
        const int n = curve_components(f, channels, v.data());
        values.insert(values.end(), v.begin(), v.begin() + n);
      }
    }
    if (channels == CurveChannels::LinearAcceleration) values.push_back(set.pop_threshold);
  }
  return values;
}

void draw_plot(ImDrawList& draw, CurveViewState& state, const CurveViewData& data) {
  const CurveAxes& axes = state.axes;
  draw.AddRectFilled({axes.x0, axes.y0}, {axes.x1, axes.y1}, IM_COL32(30, 30, 34, 255));
  draw.PushClipRect({axes.x0, axes.y0}, {axes.x1, axes.y1}, true);
  if (axes.v0 < 0.0f && axes.v1 > 0.0f) {  // the zero line
    draw.AddLine({axes.x0, axes.y_of(0.0f)}, {axes.x1, axes.y_of(0.0f)}, IM_COL32(80, 80, 90, 255));
  }
  state.key_dots.clear();
  state.handle_ends.clear();
  state.pop_xs.clear();
  state.threshold_ys.clear();
  state.largest_error = 0.0f;
  const int joints = static_cast<int>(data.joints.size());
  for (int j = 0; j < joints; ++j) {
    const JointCurveSet& set = data.joints[static_cast<std::size_t>(j)];
    if (set.frames.size() < 2) continue;
    draw_joint_curves(draw, state, set, j, joints);
    draw_keys(draw, state, set, j, joints);
    draw_tangents(draw, state, set, j, joints);
    if (marks_pops(state.channels)) draw_pops(draw, state, set, j, joints);
  }
  state.playhead_x = axes.x_of(data.playhead_s);
  draw.AddLine({state.playhead_x, axes.y0}, {state.playhead_x, axes.y1},
               IM_COL32(255, 255, 255, 200), 1.5f);
  draw.PopClipRect();
}

}  // namespace ui
