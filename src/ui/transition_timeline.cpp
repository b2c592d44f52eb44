#include "ui/transition_timeline.h"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms instead of scrolling

#include <algorithm>
#include <cmath>

namespace ui {
namespace {

constexpr float kLabelWidth = 90.0f;
constexpr float kLaneHeight = 16.0f;

// A colour per state, the same for the lane and the band (golden-angle hues).
ImU32 state_color(int state, float alpha = 1.0f) {
  ImVec4 c;
  const float hue = std::fmod(static_cast<float>(state) * 0.618034f, 1.0f);
  ImGui::ColorConvertHSVtoRGB(hue, 0.55f, 0.85f, c.x, c.y, c.z);
  c.w = alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}

void draw_toolbar(TransitionTimelineState& state, const anim::StateHistory& history,
                  float& time_scale) {
  if (ImGui::SmallButton(state.paused ? "Live" : "Pause")) {
    state.paused = !state.paused;
    state.shown = history.size() - 1;
  }
  ImGui::SameLine();
  const bool can_step = history.size() > 0;
  if (ImGui::SmallButton("<") && can_step) {
    state.paused = true;
    state.shown = std::max((state.shown < 0 ? history.size() - 1 : state.shown) - 1, 0);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton(">") && can_step) {
    state.paused = true;
    state.shown = std::min(state.shown + 1, history.size() - 1);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Fit")) state.view = {};
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Show the whole record (wheel over the lanes zooms, right drag pans)");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(130.0f);
  ImGui::SliderFloat("slow motion (all playback)", &time_scale, kMinTimeScale, 1.0f, "%.2fx",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Slows the whole viewer: the graph, the clip preview and the timeline");
  }
  time_scale = std::clamp(time_scale, kMinTimeScale, 1.0f);
  if (state.paused && state.shown >= 0 && state.shown < history.size()) {
    const anim::HistoryFrame& f = history.frame(state.shown);
    ImGui::SameLine();
    ImGui::TextDisabled("frame %d  %.3f s", state.shown, f.time_s - history.frame(0).time_s);
  }
}

float max_zoom(double span_s) {
  return static_cast<float>(std::max(span_s / kMinVisibleSeconds, 1.0));
}

// Keeps the view's start inside the record at its zoom.
void clamp_start(TimelineZoom& view) {
  view.start_fraction = std::clamp(view.start_fraction, 0.0f, 1.0f - 1.0f / view.zoom);
}

}  // namespace

std::pair<double, double> visible_seconds(const TimelineZoom& view, double t0, double t1) {
  const double span = t1 - t0;
  const double first = t0 + span * view.start_fraction;
  return {first, first + span / view.zoom};
}

void zoom_about(TimelineZoom& view, float factor, float pointer_fraction, double span_s) {
  const float at = view.start_fraction + pointer_fraction / view.zoom;  // of the record
  view.zoom = std::clamp(view.zoom * factor, 1.0f, max_zoom(span_s));
  view.start_fraction = at - pointer_fraction / view.zoom;
  clamp_start(view);
}

void pan(TimelineZoom& view, float visible_fraction) {
  view.start_fraction += visible_fraction / view.zoom;
  clamp_start(view);
}

namespace {

// The lanes' canvas this frame: where it is, and the seconds of history it shows (v0 to v1)
// across width pixels from x0.
struct TimelineLanes {
  const anim::StateHistory& history;
  ImDrawList* draw;
  ImVec2 origin;
  float x0;
  float width;
  double v0;
  double v1;

  // Where frame i of the history is drawn.
  float x_of(int i) const {
    return x0 + static_cast<float>((history.frame(i).time_s - v0) / (v1 - v0)) * width;
  }
  // The bottom of lane (0: the first under the transitions' lane).
  float lane_floor(int lane) const {
    return origin.y + static_cast<float>(lane + 2) * kLaneHeight - 1.0f;
  }
};

// Lane 0: the active state, transitions drawn as the two states' colours stacked.
void draw_state_lane(const TimelineLanes& lanes) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const ImVec2 origin = lanes.origin;
  const int frames = history.size();
  for (int i = 0; i + 1 < frames; ++i) {
    const anim::HistoryFrame& f = history.frame(i);
    const float xa = lanes.x_of(i), xb = std::max(lanes.x_of(i + 1), xa + 1.0f);
    const float y = origin.y + 1.0f;
    if (f.state < 0) continue;
    if (f.transition && f.from_state >= 0) {
      const float split = y + (kLaneHeight - 2.0f) * f.weight;
      draw->AddRectFilled(ImVec2(xa, y), ImVec2(xb, split), state_color(f.state));
      draw->AddRectFilled(ImVec2(xa, split), ImVec2(xb, y + kLaneHeight - 2.0f),
                          state_color(f.from_state));
    } else {
      draw->AddRectFilled(ImVec2(xa, y), ImVec2(xb, y + kLaneHeight - 2.0f),
                          state_color(f.state, 0.8f));
    }
  }
}

// Each state's weight as a band rising from its lane's floor.
void draw_weight_bands(const TimelineLanes& lanes) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const int frames = history.size();
  for (int s = 0; s < history.states(); ++s) {
    const float floor = lanes.lane_floor(s);
    for (int i = 0; i + 1 < frames; ++i) {
      const float w = history.state_weights(i)[s];
      if (w <= 0.0f) continue;
      const float xa = lanes.x_of(i), xb = std::max(lanes.x_of(i + 1), xa + 1.0f);
      draw->AddRectFilled(ImVec2(xa, floor - w * (kLaneHeight - 2.0f)), ImVec2(xb, floor),
                          state_color(s, 0.9f));
    }
  }
}

// Each playing state's phase as a sawtooth over its band (0 at the floor), so the feet of two
// states in a sync group can be compared frame by frame.
void draw_phases(const TimelineLanes& lanes) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const int frames = history.size();
  for (int s = 0; s < history.states(); ++s) {
    const float floor = lanes.lane_floor(s);
    const float height = kLaneHeight - 3.0f;
    for (int i = 0; i + 1 < frames; ++i) {
      const float a = history.state_phases(i)[s], b = history.state_phases(i + 1)[s];
      if (a < 0.0f || b < a) continue;  // not playing, or wrapped round the cycle
      draw->AddLine(ImVec2(lanes.x_of(i), floor - 1.0f - a * height),
                    ImVec2(lanes.x_of(i + 1), floor - 1.0f - b * height),
                    IM_COL32(255, 255, 255, 200));
    }
  }
}

// Each parameter as a curve over its recorded range.
void draw_parameter_curves(const TimelineLanes& lanes) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const int frames = history.size();
  for (int p = 0; p < history.parameters(); ++p) {
    const float floor = lanes.lane_floor(history.states() + p);
    float lo = history.parameter_values(0)[p], hi = lo;
    for (int i = 1; i < frames; ++i) {
      lo = std::min(lo, history.parameter_values(i)[p]);
      hi = std::max(hi, history.parameter_values(i)[p]);
    }
    const float scale = hi > lo ? (kLaneHeight - 3.0f) / (hi - lo) : 0.0f;
    for (int i = 0; i + 1 < frames; ++i) {
      const float ya = floor - 1.0f - (history.parameter_values(i)[p] - lo) * scale;
      const float yb = floor - 1.0f - (history.parameter_values(i + 1)[p] - lo) * scale;
      draw->AddLine(ImVec2(lanes.x_of(i), ya), ImVec2(lanes.x_of(i + 1), yb),
                    IM_COL32(240, 200, 90, 255));
    }
  }
}

// Clicking or dragging in the lanes pauses on the frame under the pointer; the paused frame is
// marked, its state, weight and phase shown on hover.
void follow_pointer(TransitionTimelineState& state, const TimelineLanes& lanes, int lanes_count,
                    float pointer, double t0, std::span<const std::string> state_names) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const ImVec2 origin = lanes.origin;
  const int frames = history.size();
  const double v0 = lanes.v0, v1 = lanes.v1;
  if (ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    state.paused = true;
    state.shown = history.frame_at(v0 + pointer * (v1 - v0));
  }
  if (state.paused && state.shown >= 0 && state.shown < frames) {
    const float x = lanes.x_of(state.shown);
    draw->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + lanes_count * kLaneHeight),
                  IM_COL32(255, 255, 255, 220), 2.0f);
    const std::span<const float> w = history.state_weights(state.shown);
    if (ImGui::IsItemHovered() && !w.empty()) {
      const anim::HistoryFrame& f = history.frame(state.shown);
      const float phase = f.state >= 0 && f.state < history.states()
                              ? history.state_phases(state.shown)[f.state]
                              : -1.0f;
      const char* sync = f.sync_follower < 0 ? ""
                         : f.sync_by_markers ? "  synced by foot markers"
                                             : "  synced by normalized time";
      ImGui::SetTooltip("%.3f s  %s  weight %.2f  phase %.2f%s", f.time_s - t0,
                        f.state >= 0 && f.state < static_cast<int>(state_names.size())
                            ? state_names[f.state].c_str()
                            : "",
                        f.weight, phase, sync);
    }
  }
}

// The lanes' names, left of the clipped lanes.
void draw_lane_names(const TimelineLanes& lanes, std::span<const std::string> state_names,
                     std::span<const std::string> parameter_names) {
  const anim::StateHistory& history = lanes.history;
  ImDrawList* draw = lanes.draw;
  const ImVec2 origin = lanes.origin;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const auto name_of = [](std::span<const std::string> names, int i) {
    return i < static_cast<int>(names.size()) ? names[i].c_str() : "?";
  };
  draw->AddText(ImVec2(origin.x, origin.y), text, "state");
  for (int s = 0; s < history.states(); ++s) {
    draw->AddText(ImVec2(origin.x, origin.y + (1 + s) * kLaneHeight), text,
                  name_of(state_names, s));
  }
  for (int p = 0; p < history.parameters(); ++p) {
    draw->AddText(ImVec2(origin.x, origin.y + (1 + history.states() + p) * kLaneHeight), text,
                  name_of(parameter_names, p));
  }
}

}  // namespace

void draw_transition_timeline(TransitionTimelineState& state, const anim::StateHistory& history,
                              std::span<const std::string> state_names,
                              std::span<const std::string> parameter_names, float& time_scale) {
  ImGui::Separator();
  ImGui::TextUnformatted("Transition timeline");
  draw_toolbar(state, history, time_scale);
  const int frames = history.size();
  const int lanes = 1 + history.states() + history.parameters();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float height = std::max(avail.y, lanes * kLaneHeight + 8.0f);
  ImGui::BeginChild("transition timeline", ImVec2(0.0f, height), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x - kLabelWidth, 10.0f);
  ImGui::InvisibleButton("lanes", ImVec2(kLabelWidth + width, lanes * kLaneHeight),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  ImGui::SetItemUsingMouseWheel();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float x0 = origin.x + kLabelWidth;
  if (frames == 0) {
    draw->AddText(ImVec2(x0, origin.y), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  "(nothing recorded yet)");
    ImGui::EndChild();
    return;
  }
  const double t0 = history.frame(0).time_s, t1 = history.frame(frames - 1).time_s;
  const double span_s = std::max(t1 - t0, 1e-6);
  const ImGuiIO& io = ImGui::GetIO();
  const float pointer = std::clamp((io.MousePos.x - x0) / width, 0.0f, 1.0f);
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
    zoom_about(state.view, std::pow(1.25f, io.MouseWheel), pointer, span_s);
  }
  if (ImGui::IsItemActive() && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    pan(state.view, -io.MouseDelta.x / width);  // right or middle drag: the record follows
  }
  state.view.zoom = std::min(state.view.zoom, max_zoom(span_s));
  if (!state.paused) state.view.start_fraction = 1.0f;  // live: the newest frame stays in view
  clamp_start(state.view);
  const auto [v0, v1] = visible_seconds(state.view, t0, t1);
  const TimelineLanes canvas{history, draw, origin, x0, width, v0, v1};
  draw->PushClipRect(ImVec2(x0, origin.y), ImVec2(x0 + width, origin.y + lanes * kLaneHeight),
                     true);
  draw_state_lane(canvas);
  draw_weight_bands(canvas);
  draw_phases(canvas);
  draw_parameter_curves(canvas);
  follow_pointer(state, canvas, lanes, pointer, t0, state_names);
  draw->PopClipRect();
  draw_lane_names(canvas, state_names, parameter_names);
  ImGui::EndChild();
}

}  // namespace ui
