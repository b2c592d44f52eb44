#include "ui/state_graph.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <string>

#include "ui/state_machine_editor.h"
#include "ui/state_machine_view.h"

namespace ui {
namespace {

// Two columns and three rows fit the graph panel of a 1280 x 720 window (about 290 x 220 pixels
// inside) without scrolling.
constexpr float kBoxWidth = 120.0f;
constexpr float kBoxHeight = 44.0f;
constexpr float kColumnGap = 24.0f;
constexpr float kRowGap = 26.0f;
constexpr float kMargin = 12.0f;
constexpr float kArrowSide = 5.0f;  // two arrows between the same boxes sit this far apart
constexpr float kArrowHead = 9.0f;
constexpr float kPortRadius = 6.0f;  // the connector dot on a box's right edge

const ImU32 kBoxColor = IM_COL32(52, 58, 70, 255);
const ImU32 kActiveColor = IM_COL32(46, 120, 70, 255);
const ImU32 kTargetColor = IM_COL32(70, 110, 160, 255);
const ImU32 kBorderColor = IM_COL32(150, 150, 160, 255);
const ImU32 kSelectedColor = IM_COL32(255, 200, 60, 255);
const ImU32 kArrowColor = IM_COL32(170, 170, 180, 255);
const ImU32 kRunningColor = IM_COL32(120, 230, 140, 255);
const ImU32 kTextColor = IM_COL32(235, 235, 235, 255);

ImVec2 add(ImVec2 a, ImVec2 b) {
  return {a.x + b.x, a.y + b.y};
}
ImVec2 sub(ImVec2 a, ImVec2 b) {
  return {a.x - b.x, a.y - b.y};
}
ImVec2 scale(ImVec2 a, float s) {
  return {a.x * s, a.y * s};
}
float length(ImVec2 a) {
  return std::sqrt(a.x * a.x + a.y * a.y);
}

// Where the ray from a box's center towards `toward` leaves the box.
ImVec2 box_exit(const ScreenRect& box, ImVec2 toward) {
  const ImVec2 c = box.center();
  const ImVec2 d = sub(toward, c);
  const float hx = (box.max.x - box.min.x) * 0.5f, hy = (box.max.y - box.min.y) * 0.5f;
  const float tx = d.x != 0.0f ? hx / std::abs(d.x) : 1e9f;
  const float ty = d.y != 0.0f ? hy / std::abs(d.y) : 1e9f;
  const float t = std::min({tx, ty, 1.0f});
  return add(c, scale(d, t));
}

float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b) {
  const ImVec2 ab = sub(b, a);
  const float len2 = ab.x * ab.x + ab.y * ab.y;
  const float t =
      len2 > 0.0f ? std::clamp(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2, 0.0f, 1.0f) : 0.0f;
  return length(sub(p, add(a, scale(ab, t))));
}

// A transition's arrow in screen space: from the source box's edge to the target box's edge,
// shifted sideways so the two directions between a pair of boxes do not overlap.
struct Arrow {
  ImVec2 from, to;
};
Arrow arrow_between(const ScreenRect& source, const ScreenRect& target) {
  const ImVec2 d = sub(target.center(), source.center());
  const float len = std::max(length(d), 1e-3f);
  const ImVec2 side = {-d.y / len * kArrowSide, d.x / len * kArrowSide};
  const ScreenRect s = {add(source.min, side), add(source.max, side)};
  const ScreenRect t = {add(target.min, side), add(target.max, side)};
  return {box_exit(s, t.center()), box_exit(t, s.center())};
}

void draw_arrow(ImDrawList* draw, const Arrow& a, ImU32 color, float thickness) {
  const ImVec2 d = sub(a.to, a.from);
  const float len = std::max(length(d), 1e-3f);
  const ImVec2 u = scale(d, 1.0f / len);
  const ImVec2 n = {-u.y, u.x};
  const ImVec2 base = sub(a.to, scale(u, kArrowHead));
  draw->AddLine(a.from, base, color, thickness);
  draw->AddTriangleFilled(a.to, add(base, scale(n, kArrowHead * 0.5f)),
                          sub(base, scale(n, kArrowHead * 0.5f)), color);
}

bool contains(const ScreenRect& r, ImVec2 p) {
  return p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y;
}

// The graph's canvas this frame: its layout and place on screen, and what the mouse did there.
struct GraphCanvas {
  StateGraphLayout layout;
  ImVec2 origin;
  ImVec2 mouse;
  ImDrawList* draw = nullptr;
  bool clicked = false;
  bool pressed = false;
  bool held = false;
  bool double_clicked = false;

  ScreenRect box_of(int state) const {
    const ImVec2 min =
        add(origin, state == anim::kAnyState ? layout.any_state_min : layout.box_min[state]);
    return ScreenRect{min, add(min, layout.box_size)};
  }
};

// What the mouse is over: a state's box (or Any State), a state's connector dot, an arrow.
struct GraphHits {
  int state = kNothingSelected;
  int port = kNothingSelected;
  int transition = -1;
};

// Lays out m's graph and reserves its canvas (at least size) at the cursor.
GraphCanvas begin_canvas(const anim::StateMachine& m, ImVec2 size) {
  GraphCanvas c;
  c.layout = layout_state_graph(m);
  c.origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(
      "canvas", ImVec2(std::max(size.x, c.layout.extent.x), std::max(size.y, c.layout.extent.y)));
  c.clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  c.pressed = ImGui::IsItemActivated();
  c.held = ImGui::IsItemActive();
  c.double_clicked = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0);
  c.mouse = ImGui::GetMousePos();
  c.draw = ImGui::GetWindowDrawList();
  return c;
}

// Draws the transitions' arrows (under the boxes); returns the one under the mouse, or -1.
int draw_transition_arrows(const GraphCanvas& c, const anim::StateMachine& m,
                           const StateMachineViewState& view,
                           const anim::TransitionStatus& status) {
  ImDrawList* draw = c.draw;
  int hit_transition = -1;
  for (int i = 0; i < static_cast<int>(m.transitions.size()); ++i) {
    const anim::Transition& t = m.transitions[i];
    const Arrow a = arrow_between(c.box_of(t.source), c.box_of(t.target));
    const bool running = status.running && status.transition == i;
    const ImU32 color = running                         ? kRunningColor
                        : i == view.selected_transition ? kSelectedColor
                                                        : kArrowColor;
    draw_arrow(draw, a, color, running ? 3.0f : 1.5f);
    if (running) {
      // A dot travelling along the arrow shows the progress.
      draw->AddCircleFilled(add(a.from, scale(sub(a.to, a.from), status.progress)), 5.0f,
                            kRunningColor);
    }
    if (distance_to_segment(c.mouse, a.from, a.to) < 5.0f) hit_transition = i;
  }
  return hit_transition;
}

// Draws the states' boxes (Any State first) with their connector dots, the active one with its
// time, and records where they are in view; sets the box and dot under the mouse in hits.
void draw_state_boxes(const GraphCanvas& c, const anim::StateMachine& m,
                      StateMachineViewState& view, const anim::StateMachinePlayer* player,
                      const anim::TransitionStatus& status, GraphHits& hits) {
  ImDrawList* draw = c.draw;
  const int active = player != nullptr ? player->active_state() : -1;
  const int state_count = static_cast<int>(m.states.size());
  view.state_boxes.clear();
  view.state_ports.clear();
  for (int st = 0; st < state_count; ++st) {
    const ScreenRect box = c.box_of(st);
    view.state_boxes.push_back(box);
    const ImVec2 dot = {box.max.x, box.center().y};
    const ImVec2 reach = {kPortRadius + 2.0f, kPortRadius + 2.0f};
    view.state_ports.push_back({sub(dot, reach), add(dot, reach)});
  }
  view.any_state_box = c.box_of(anim::kAnyState);
  for (int s = -1; s < state_count; ++s) {
    const ScreenRect box = c.box_of(s);
    ImU32 fill = kBoxColor;
    if (s == active) fill = kActiveColor;
    if (status.running && s == status.from_state && s != active) fill = kTargetColor;
    draw->AddRectFilled(box.min, box.max, fill, 6.0f);
    draw->AddRect(box.min, box.max, s == view.selected_state ? kSelectedColor : kBorderColor, 6.0f,
                  0, s == view.selected_state ? 2.5f : 1.0f);
    std::string label = state_name(m, s);
    if (s >= 0 && s == m.entry_state) label += "  (entry)";
    if (s >= 0 && m.states[s].kind == anim::StateKind::StateMachine) label += "  [+]";
    // A long name stops at the box's edge.
    draw->PushClipRect(box.min, box.max, true);
    draw->AddText(add(box.min, ImVec2(8.0f, 6.0f)), kTextColor, label.c_str());
    draw->PopClipRect();
    if (s == active && player != nullptr) {
      // The active state's normalized time as a bar along the box's bottom.
      const float phase = player->active_normalized_time();
      const float fraction =
          m.states[s].loop ? phase - std::floor(phase) : std::clamp(phase, 0.0f, 1.0f);
      const ImVec2 bar_min = {box.min.x + 6.0f, box.max.y - 10.0f};
      draw->AddRectFilled(bar_min,
                          ImVec2(bar_min.x + (kBoxWidth - 12.0f) * fraction, box.max.y - 5.0f),
                          kRunningColor, 2.0f);
    }
    if (contains(box, c.mouse)) hits.state = s;
    if (s >= 0) {
      const ScreenRect& port = view.state_ports[s];
      draw->AddCircleFilled(port.center(), kPortRadius, kArrowColor);
      draw->AddCircle(port.center(), kPortRadius, kBorderColor);
      if (contains(port, c.mouse)) hits.port = s;
    }
  }
  if (hits.port != kNothingSelected) {
    hits.state = hits.port;
    ImGui::SetTooltip("Drag to another state to make a transition");
  }
}

// A click selects what it hits (or nothing); a double-click opens a sub-machine, or on empty
// canvas adds a state there, playing the picked clip if any. Returns whether it added one.
bool apply_clicks(const GraphCanvas& c, anim::StateMachine& m, StateMachineViewState& view,
                  const GraphHits& hits, const StateMachineViewSources& sources) {
  if (c.clicked) {
    if (hits.state != kNothingSelected) {
      view.selected_state = hits.state;
      view.selected_transition = -1;
    } else if (hits.transition >= 0) {
      view.selected_transition = hits.transition;
      view.selected_state = kNothingSelected;
    } else {
      view.selected_state = kNothingSelected;
      view.selected_transition = -1;
    }
  }
  if (c.double_clicked && hits.state >= 0 &&
      m.states[hits.state].kind == anim::StateKind::StateMachine) {
    view.path.push_back(hits.state);
    view.selected_state = kNothingSelected;
    view.selected_transition = -1;
  } else if (c.double_clicked && hits.state == kNothingSelected && hits.transition < 0) {
    const ImVec2 at = sub(c.mouse, scale(c.layout.box_size, 0.5f));
    view.selected_state = add_state(m, "state", anim::StateKind::Clip,
                                    std::max(sources.picked_clip, 0), sub(at, c.origin));
    view.selected_transition = -1;
    return true;
  }
  return false;
}

// Dragging a box moves it (edited when it moved). Returns whether a box is being dragged.
bool drag_state_box(const GraphCanvas& c, anim::StateMachine& m, StateMachineViewState& view,
                    const GraphHits& hits, bool& edited) {
  if (c.pressed) {
    view.moving_state =
        hits.port == kNothingSelected && hits.state >= 0 ? hits.state : kNothingSelected;
    if (view.moving_state >= 0) view.move_grab = sub(c.mouse, c.box_of(hits.state).min);
  }
  if (view.moving_state >= static_cast<int>(m.states.size())) {
    view.moving_state = kNothingSelected;
  }
  if (view.moving_state < 0) return false;
  if (!c.held) {
    view.moving_state = kNothingSelected;
  } else if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) {
    const ImVec2 corner = sub(sub(c.mouse, view.move_grab), c.origin);
    const glm::vec2 to(std::max(corner.x, 0.0f), std::max(corner.y, 0.0f));
    if (m.editor_positions.size() < m.states.size()) m.editor_positions.resize(m.states.size());
    const std::optional<glm::vec2>& was = m.editor_positions[view.moving_state];
    if (!was || *was != to) {
      m.editor_positions[view.moving_state] = to;
      edited = true;
    }
  }
  return true;
}

// Dragging from a connector dot (or Any State) to another box makes a transition between them:
// returns (source, target) when such a drag is released this frame.
std::optional<std::pair<int, int>> drag_transition(const GraphCanvas& c,
                                                   StateMachineViewState& view,
                                                   const GraphHits& hits, int state_count) {
  std::optional<std::pair<int, int>> connect;
  if (c.pressed) {
    view.connect_from = hits.port != kNothingSelected || hits.state == anim::kAnyState
                            ? hits.state
                            : kNothingSelected;
    view.connect_dragged = false;
  }
  if (view.connect_from != kNothingSelected &&
      (view.connect_from >= state_count || view.connect_from < anim::kAnyState)) {
    view.connect_from = kNothingSelected;
  }
  if (view.connect_from != kNothingSelected) {
    if (c.held) {
      view.connect_dragged |= ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f);
      if (view.connect_dragged) {
        draw_arrow(c.draw, Arrow{c.box_of(view.connect_from).center(), c.mouse}, kSelectedColor,
                   2.0f);
      }
    } else {
      if (view.connect_dragged && hits.state >= 0 && hits.state != view.connect_from) {
        connect = std::make_pair(view.connect_from, hits.state);
      }
      view.connect_from = kNothingSelected;
      view.connect_dragged = false;
    }
  }
  return connect;
}

}  // namespace

StateGraphLayout layout_state_graph(const anim::StateMachine& m) {
  const int n = static_cast<int>(m.states.size());
  std::vector<int> column(n, -1);
  int deepest = 0;
  if (m.entry_state >= 0 && m.entry_state < n) {
    std::queue<int> open;
    column[m.entry_state] = 0;
    open.push(m.entry_state);
    while (!open.empty()) {
      const int s = open.front();
      open.pop();
      for (const anim::Transition& t : m.transitions) {
        if (t.source != s || t.target < 0 || t.target >= n || column[t.target] >= 0) continue;
        column[t.target] = column[s] + 1;
        deepest = std::max(deepest, column[t.target]);
        open.push(t.target);
      }
    }
  }
  const bool unreached = std::count(column.begin(), column.end(), -1) > 0;
  std::vector<int> rows(deepest + 2, 0);
  StateGraphLayout layout;
  layout.box_size = {kBoxWidth, kBoxHeight};
  layout.any_state_min = {kMargin, kMargin};
  layout.box_min.resize(n);
  int most_rows = 1;
  for (int s = 0; s < n; ++s) {
    const int c = column[s] >= 0 ? column[s] : deepest + 1;
    const int row = rows[c]++;
    most_rows = std::max(most_rows, row + 1);
    // Row 0 holds "any state" (above the entry), so it costs the panel no column.
    layout.box_min[s] = {kMargin + c * (kBoxWidth + kColumnGap),
                         kMargin + (row + 1) * (kBoxHeight + kRowGap)};
  }
  const int columns = deepest + (unreached ? 2 : 1);
  const int rows_with_any_state = most_rows + 1;
  layout.extent = {
      2.0f * kMargin + columns * kBoxWidth + (columns - 1) * kColumnGap,
      2.0f * kMargin + rows_with_any_state * kBoxHeight + (rows_with_any_state - 1) * kRowGap};
  for (int s = 0; s < n && s < static_cast<int>(m.editor_positions.size()); ++s) {
    const std::optional<glm::vec2>& placed = m.editor_positions[s];
    if (!placed) continue;
    layout.box_min[s] = {placed->x, placed->y};
    layout.extent.x = std::max(layout.extent.x, placed->x + kBoxWidth + kMargin + kPortRadius);
    layout.extent.y = std::max(layout.extent.y, placed->y + kBoxHeight + kMargin);
  }
  return layout;
}

// Draws the graph and applies its mouse edits: a box dragged moves (edited), a double-click on
// empty canvas adds a state there (edited). Returns the transition a drag from a connector dot
// (or Any State) to another box asks for (source, target), if one was released this frame.
std::optional<std::pair<int, int>> draw_state_graph(
    StateMachineViewState& view, anim::StateMachine& m, const anim::StateMachinePlayer* player,
    ImVec2 size, const StateMachineViewSources& sources, bool& edited) {
  const GraphCanvas canvas = begin_canvas(m, size);
  const anim::TransitionStatus status =
      player != nullptr ? player->transition() : anim::TransitionStatus{};
  GraphHits hits;
  hits.transition = draw_transition_arrows(canvas, m, view, status);
  draw_state_boxes(canvas, m, view, player, status, hits);
  if (apply_clicks(canvas, m, view, hits, sources)) {
    edited = true;
    return std::nullopt;
  }
  if (drag_state_box(canvas, m, view, hits, edited)) return std::nullopt;
  return drag_transition(canvas, view, hits, static_cast<int>(m.states.size()));
}

}  // namespace ui
