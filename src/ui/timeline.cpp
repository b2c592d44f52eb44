#include "ui/timeline.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

#define GLFW_INCLUDE_NONE  // only the key codes are needed, not a GL header
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/plot_colours.h"

namespace ui {
namespace {

constexpr float kRulerHeight = 38.0f;
// Room at both ends of the ruler so the first and last frame labels and the playhead fit.
constexpr float kRulerMargin = 8.0f;
constexpr float kMinTickSpacingPx = 5.0f;
constexpr float kMinLabelSpacingPx = 48.0f;
constexpr float kMarkerHoverPx = 4.0f;

constexpr ImU32 kRulerBackground = IM_COL32(32, 34, 40, 255);
constexpr ImU32 kFootContactColor = IM_COL32(80, 200, 120, 255);
constexpr ImU32 kEventColor = IM_COL32(110, 160, 240, 255);

struct KeyHelp {
  const char* keys;
  const char* action;
};
constexpr KeyHelp kKeyHelp[] = {
    {"Space", "play / pause"},
    {"Left / Right  ( , / . )", "one frame back / forward"},
    {"Shift + Left / Right", "first / last frame"},
    {"Up / Down", "previous / next marker or key"},
    {"Drag the ruler", "scrub (lands on whole frames)"},
    {"Drag a marker's handle", "move the marker"},
    {"Right-click the ruler", "add a marker, or remove the one there"},
    {"H", "this sheet"},
};

bool contains(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

// The ruler's geometry for one frame: where frame f is drawn.
struct Ruler {
  ImVec2 min;
  ImVec2 max;
  float left = 0.0f;   // x of time 0
  float width = 0.0f;  // pixels from time 0 to the duration
  double pixels_per_frame = 0.0;
  double pixels_per_second = 0.0;

  float x_of_time(double time_s) const {
    return left + static_cast<float>(time_s * pixels_per_second);
  }
};

// The sync markers the menu offers (the names anim/sync lines up across clips), then events.
constexpr const char* kSyncMarkerNames[] = {"foot_l_down", "foot_r_down", "foot_l_up", "foot_r_up"};

// The height of the markers' handles (the triangles), where a press drags a marker.
float marker_handle_y(const Ruler& ruler) {
  return (ruler.min.y + ruler.max.y) * 0.5f;
}

// The marker whose handle is under mouse, or -1.
int marker_at(const Ruler& ruler, const anim::Clip& clip, double duration_s, ImVec2 mouse) {
  const float mid = marker_handle_y(ruler);
  if (mouse.y < mid - 10.0f || mouse.y > mid + 4.0f) return -1;
  int best = -1;
  float best_dx = kMarkerHoverPx + 1.0f;
  for (std::size_t i = 0; i < clip.markers.size(); ++i) {
    const float x = ruler.x_of_time(std::clamp<double>(clip.markers[i].time_s, 0.0, duration_s));
    if (std::fabs(mouse.x - x) < best_dx) {
      best_dx = std::fabs(mouse.x - x);
      best = static_cast<int>(i);
    }
  }
  return best;
}

// The right-click menu: add a marker at state.menu_time_s, or remove state.menu_marker.
TimelineMarkerEdit draw_marker_menu(const anim::Clip& clip, const anim::Timeline& timeline,
                                    TimelineState& state) {
  TimelineMarkerEdit edit;
  if (!ImGui::BeginPopup("marker menu")) return edit;
  const float time_s = static_cast<float>(state.menu_time_s);
  if (state.menu_marker >= 0 && state.menu_marker < static_cast<int>(clip.markers.size())) {
    const anim::Marker& m = clip.markers[state.menu_marker];
    ImGui::TextDisabled("%s at frame %d", m.name.c_str(), anim::frame_at(timeline, m.time_s));
    if (ImGui::MenuItem("Remove marker"))
      edit = {TimelineMarkerEdit::Kind::Remove, state.menu_marker, 0.0f, {}};
  } else {
    ImGui::TextDisabled("Add a marker at frame %d", anim::frame_at(timeline, time_s));
    for (const char* name : kSyncMarkerNames) {
      if (ImGui::MenuItem(name)) edit = {TimelineMarkerEdit::Kind::Add, -1, time_s, name};
    }
    ImGui::SetNextItemWidth(140.0f);
    ImGui::InputText("##event name", &state.new_marker_name);
    ImGui::SameLine();
    if (ImGui::Button("Add event") && !state.new_marker_name.empty()) {
      edit = {TimelineMarkerEdit::Kind::Add, -1, time_s, state.new_marker_name};
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::EndPopup();
  return edit;
}

void draw_ruler(const Ruler& ruler, const anim::PlaybackClock& clock, const anim::Clip& clip,
                const TimelineTimes& times, const TimelineState& state, bool hovered) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const anim::Timeline& timeline = clock.timeline();
  draw->AddRectFilled(ruler.min, ruler.max, kRulerBackground, 3.0f);

  const int last = anim::last_frame(timeline);
  const int tick_step = ruler_step(ruler.pixels_per_frame, kMinTickSpacingPx);
  const int label_step = ruler_step(ruler.pixels_per_frame, kMinLabelSpacingPx);
  const float bottom = ruler.max.y;
  for (int f = 0; f <= last; f += tick_step) {
    const float x = ruler.x_of_time(anim::frame_time(timeline, f));
    const float length = f % label_step == 0 ? 12.0f : 6.0f;
    draw->AddLine(ImVec2(x, bottom - length), ImVec2(x, bottom), kTickColor);
  }
  char label[16];
  for (int f = 0; f <= last; f += label_step) {
    const float x = ruler.x_of_time(anim::frame_time(timeline, f));
    std::snprintf(label, sizeof label, "%d", f);
    draw->AddText(ImVec2(x + 2.0f, ruler.min.y + 2.0f), kLabelColor, label);
  }

  // Many channels share key times: draw each pixel column once.
  float last_key_x = -1e9f;
  for (double t : times.keys) {
    const float x = ruler.x_of_time(t);
    if (x - last_key_x < 1.0f) continue;
    last_key_x = x;
    draw->AddLine(ImVec2(x, bottom - 4.0f), ImVec2(x, bottom), kKeyColor);
  }

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (std::size_t i = 0; i < clip.markers.size(); ++i) {
    const anim::Marker& marker = clip.markers[i];
    const bool dragged = state.dragged_marker == static_cast<int>(i);
    const double time_s = dragged ? state.marker_drag_time_s : marker.time_s;
    const float x = ruler.x_of_time(std::clamp<double>(time_s, 0.0, timeline.duration_s));
    const ImU32 color = dragged                               ? kPlayheadColor
                        : is_foot_contact_marker(marker.name) ? kFootContactColor
                                                              : kEventColor;
    const float mid = marker_handle_y(ruler);
    draw->AddTriangleFilled(ImVec2(x - 4.0f, mid - 6.0f), ImVec2(x + 4.0f, mid - 6.0f),
                            ImVec2(x, mid + 1.0f), color);
    draw->AddLine(ImVec2(x, mid), ImVec2(x, bottom), color);
    if ((hovered && std::fabs(mouse.x - x) <= kMarkerHoverPx) || dragged) {
      ImGui::SetTooltip("%s  (frame %d, %.3f s)", marker.name.c_str(),
                        anim::frame_at(timeline, time_s), time_s);
    }
  }

  const float x = ruler.x_of_time(clock.time_s());
  draw->AddLine(ImVec2(x, ruler.min.y), ImVec2(x, bottom), kPlayheadColor, 2.0f);
  draw->AddTriangleFilled(ImVec2(x - 5.0f, ruler.min.y), ImVec2(x + 5.0f, ruler.min.y),
                          ImVec2(x, ruler.min.y + 6.0f), kPlayheadColor);
}

void draw_controls(anim::PlaybackClock& clock) {
  if (ImGui::Button("|<")) clock.go_to_first();
  ImGui::SameLine();
  if (ImGui::Button("<")) clock.step_frames(-1);
  ImGui::SameLine();
  // One ID for both labels, so the button keeps its identity when its label flips.
  if (ImGui::Button(clock.playing() ? "Pause###play" : "Play###play")) clock.toggle_playing();
  ImGui::SameLine();
  if (ImGui::Button(">")) clock.step_frames(1);
  ImGui::SameLine();
  if (ImGui::Button(">|")) clock.go_to_last();

  ImGui::SameLine();
  const char* modes[] = {"Loop", "Once", "Ping-pong"};
  int mode = static_cast<int>(clock.mode());
  ImGui::SetNextItemWidth(100.0f);
  if (ImGui::Combo("##mode", &mode, modes, IM_ARRAYSIZE(modes))) {
    clock.set_mode(static_cast<anim::PlaybackMode>(mode));
  }
  ImGui::SameLine();
  bool reverse = clock.reverse();
  if (ImGui::Checkbox("Reverse", &reverse)) clock.set_reverse(reverse);
  ImGui::SameLine();
  float speed = static_cast<float>(clock.speed());
  ImGui::SetNextItemWidth(140.0f);
  // Logarithmic, so slow motion (0.05x to 1x) gets as much of the slider as fast playback.
  if (ImGui::SliderFloat("Speed", &speed, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic)) {
    clock.set_speed(speed);
  }

  const anim::Timeline& timeline = clock.timeline();
  ImGui::SameLine();
  ImGui::Text("Frame %d / %d   %.3f s / %.3f s   %g fps", clock.frame(), anim::last_frame(timeline),
              clock.time_s(), timeline.duration_s, timeline.fps);
}

}  // namespace

TimelineTimes timeline_times(const anim::Clip& clip) {
  return {anim::event_times(clip, anim::TimelineEvents::Keys),
          anim::event_times(clip, anim::TimelineEvents::MarkersAndKeys)};
}

int ruler_step(double pixels_per_frame, double min_spacing_px) {
  // Past a billion frames nothing is drawn anyway; the cap also ends the loop for bad input.
  constexpr int kLargestStep = 1'000'000'000;
  for (int decade = 1; decade <= kLargestStep / 10; decade *= 10) {
    for (int factor : {1, 2, 5}) {
      if (decade * factor * pixels_per_frame >= min_spacing_px) return decade * factor;
    }
  }
  return kLargestStep;
}

double scrub_time(float mouse_x, float left_px, float width_px, const anim::Timeline& timeline) {
  const double fraction =
      width_px > 0.0f ? std::clamp((mouse_x - left_px) / width_px, 0.0f, 1.0f) : 0.0;
  const double frame = std::round(fraction * timeline.duration_s * timeline.fps);
  const int whole = std::clamp(static_cast<int>(frame), 0, anim::last_frame(timeline));
  return std::min(anim::frame_time(timeline, whole), timeline.duration_s);
}

bool is_foot_contact_marker(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* word : {"foot", "contact", "toe", "heel", "plant"}) {
    if (contains(lower, word)) return true;
  }
  return false;
}

TimelineMarkerEdit draw_timeline(anim::PlaybackClock& clock, const anim::Clip& clip,
                                 const TimelineTimes& times, TimelineState& state,
                                 const ShapeCurve* shape_curve) {
  TimelineMarkerEdit edit;
  ImGui::PushID("timeline");
  Ruler ruler;
  ruler.min = ImGui::GetCursorScreenPos();
  const float full_width = std::max(ImGui::GetContentRegionAvail().x, 4.0f * kRulerMargin);
  ruler.max = ImVec2(ruler.min.x + full_width, ruler.min.y + kRulerHeight);
  ruler.left = ruler.min.x + kRulerMargin;
  ruler.width = full_width - 2.0f * kRulerMargin;
  const anim::Timeline& timeline = clock.timeline();
  const double frames = timeline.duration_s * timeline.fps;
  ruler.pixels_per_frame = frames > 0.0 ? ruler.width / frames : ruler.width;
  ruler.pixels_per_second = ruler.pixels_per_frame * timeline.fps;

  ImGui::InvisibleButton("##ruler", ImVec2(full_width, kRulerHeight));
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  // A press on a marker's handle drags the marker; anywhere else it scrubs.
  if (ImGui::IsItemActivated()) {
    state.dragged_marker = marker_at(ruler, clip, timeline.duration_s, mouse);
    state.drag_start_x = mouse.x;
  }
  if (state.dragged_marker >= static_cast<int>(clip.markers.size())) state.dragged_marker = -1;
  if (ImGui::IsItemActive() && state.dragged_marker >= 0) {
    state.marker_drag_time_s = scrub_time(mouse.x, ruler.left, ruler.width, timeline);
  } else if (state.dragged_marker >= 0) {
    // Released: a click that did not move leaves the marker where it was (off-frame or not).
    if (std::fabs(mouse.x - state.drag_start_x) > 2.0f) {
      edit = {TimelineMarkerEdit::Kind::Move,
              state.dragged_marker,
              static_cast<float>(state.marker_drag_time_s),
              {}};
    }
    state.dragged_marker = -1;
  } else if (ImGui::IsItemActive()) {
    if (!state.scrubbing) {
      state.scrubbing = true;
      state.playing_before_scrub = clock.playing();
      clock.set_playing(false);
    }
    clock.seek(scrub_time(mouse.x, ruler.left, ruler.width, timeline));
  } else if (state.scrubbing) {
    state.scrubbing = false;
    clock.set_playing(state.playing_before_scrub);
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    state.menu_marker = marker_at(ruler, clip, timeline.duration_s, mouse);
    state.menu_time_s = scrub_time(mouse.x, ruler.left, ruler.width, timeline);
    ImGui::OpenPopup("marker menu");
  }
  if (TimelineMarkerEdit menu = draw_marker_menu(clip, timeline, state)) edit = std::move(menu);
  draw_ruler(ruler, clock, clip, times, state, hovered);
  if (shape_curve) {
    draw_shape_curve(*shape_curve, ruler.left, ruler.width, timeline.duration_s, clock.time_s());
  }
  draw_controls(clock);
  ImGui::PopID();
  return edit;
}

bool apply_timeline_key(anim::PlaybackClock& clock, std::span<const double> jump_times, int key,
                        bool shift, bool& show_cheat_sheet) {
  switch (key) {
    case GLFW_KEY_SPACE:
      clock.toggle_playing();
      return true;
    case GLFW_KEY_LEFT:
    case GLFW_KEY_COMMA:
      shift ? clock.go_to_first() : clock.step_frames(-1);
      return true;
    case GLFW_KEY_RIGHT:
    case GLFW_KEY_PERIOD:
      shift ? clock.go_to_last() : clock.step_frames(1);
      return true;
    case GLFW_KEY_UP:
      clock.go_to_previous_event(jump_times);
      return true;
    case GLFW_KEY_DOWN:
      clock.go_to_next_event(jump_times);
      return true;
    case GLFW_KEY_H:
      show_cheat_sheet = !show_cheat_sheet;
      return true;
    default:
      return false;
  }
}

bool handle_timeline_keys(anim::PlaybackClock& clock, std::span<const double> jump_times,
                          bool& show_cheat_sheet) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureKeyboard) return false;
  bool handled = false;
  // Space and H toggle once per press; stepping and jumping repeat while the key is held.
  for (const int key : {GLFW_KEY_SPACE, GLFW_KEY_H}) {
    if (ImGui::IsKeyPressed(key, false)) {
      handled |= apply_timeline_key(clock, jump_times, key, io.KeyShift, show_cheat_sheet);
    }
  }
  for (const int key : {GLFW_KEY_LEFT, GLFW_KEY_COMMA, GLFW_KEY_RIGHT, GLFW_KEY_PERIOD, GLFW_KEY_UP,
                        GLFW_KEY_DOWN}) {
    if (ImGui::IsKeyPressed(key)) {
      handled |= apply_timeline_key(clock, jump_times, key, io.KeyShift, show_cheat_sheet);
    }
  }
  return handled;
}

void draw_timeline_cheat_sheet(bool& open) {
  if (!open) return;
  if (ImGui::Begin("Timeline keys", &open,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      for (const KeyHelp& help : kKeyHelp) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(help.keys);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(help.action);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace ui
