#include "ui/state_machine_view.h"

#include <optional>
#include <utility>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>
#include <span>

#include "ui/condition_ops.h"

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

// A combo over names; returns true when the user picked another entry.
bool name_combo(const char* label, int& index, std::span<const std::string> names) {
  const char* preview =
      index >= 0 && index < static_cast<int>(names.size()) ? names[index].c_str() : "(none)";
  bool changed = false;
  if (ImGui::BeginCombo(label, preview)) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      ImGui::PushID(i);
      if (ImGui::Selectable(names[i].c_str(), i == index)) {
        index = i;
        changed = true;
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  return changed;
}

// A combo over an enum whose values are 0..N-1 in the order of names.
template <typename Enum, std::size_t N>
bool enum_combo(const char* label, Enum& value, const char* const (&names)[N]) {
  int index = static_cast<int>(value);
  if (!ImGui::Combo(label, &index, names, static_cast<int>(N))) return false;
  value = static_cast<Enum>(index);
  return true;
}

// The operators offered for a condition's parameter, as a combo.
bool condition_op_combo(anim::ConditionOp& op, std::span<const anim::ConditionOp> offered) {
  bool changed = false;
  if (ImGui::BeginCombo("##op", condition_op_label(op))) {
    for (const anim::ConditionOp o : offered) {
      if (ImGui::Selectable(condition_op_label(o), o == op) && o != op) {
        op = o;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

std::vector<std::string> parameter_names(const anim::Parameters& parameters) {
  std::vector<std::string> names;
  for (const anim::Parameter& p : parameters.all()) names.push_back(p.name);
  return names;
}

const char* state_name(const anim::StateMachine& m, int state) {
  if (state == anim::kAnyState) return "Any State";
  return state >= 0 && state < static_cast<int>(m.states.size()) ? m.states[state].name.c_str()
                                                                 : "?";
}

// base, or base with "_" appended until no state of m has the name.
std::string unique_state_name(const anim::StateMachine& m, std::string name) {
  while (std::any_of(m.states.begin(), m.states.end(),
                     [&](const anim::State& s) { return s.name == name; })) {
    name += "_";
  }
  return name;
}

// Appends a state (and its position when given); returns its index.
int add_state(anim::StateMachine& m, const std::string& name, anim::StateKind kind, int index,
              std::optional<ImVec2> at = std::nullopt) {
  m.states.push_back({unique_state_name(m, name), kind, index, 1.0f, true, -1});
  const int state = static_cast<int>(m.states.size()) - 1;
  if (at) {
    m.editor_positions.resize(m.states.size());
    m.editor_positions[state] = glm::vec2(at->x, at->y);
  }
  return state;
}

bool contains(const ScreenRect& r, ImVec2 p) {
  return p.x >= r.min.x && p.x <= r.max.x && p.y >= r.min.y && p.y <= r.max.y;
}

// --- the panel's parts -----------------------------------------------------------------------

// Draws the graph and applies its mouse edits: a box dragged moves (edited), a double-click on
// empty canvas adds a state there (edited). Returns the transition a drag from a connector dot
// (or Any State) to another box asks for (source, target), if one was released this frame.
std::optional<std::pair<int, int>> draw_graph(StateMachineViewState& view, anim::StateMachine& m,
                                              const anim::StateMachinePlayer* player, ImVec2 size,
                                              const StateMachineViewSources& sources,
                                              bool& edited) {
  const StateGraphLayout layout = layout_state_graph(m);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(
      "canvas", ImVec2(std::max(size.x, layout.extent.x), std::max(size.y, layout.extent.y)));
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const bool pressed = ImGui::IsItemActivated();
  const bool held = ImGui::IsItemActive();
  const bool double_clicked = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0);
  const ImVec2 mouse = ImGui::GetMousePos();
  ImDrawList* draw = ImGui::GetWindowDrawList();

  const auto box_of = [&](int state) {
    const ImVec2 min =
        add(origin, state == anim::kAnyState ? layout.any_state_min : layout.box_min[state]);
    return ScreenRect{min, add(min, layout.box_size)};
  };

  const anim::TransitionStatus status =
      player != nullptr ? player->transition() : anim::TransitionStatus{};
  const int active = player != nullptr ? player->active_state() : -1;

  // Arrows first, under the boxes.
  int hit_transition = -1;
  for (int i = 0; i < static_cast<int>(m.transitions.size()); ++i) {
    const anim::Transition& t = m.transitions[i];
    const Arrow a = arrow_between(box_of(t.source), box_of(t.target));
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
    if (distance_to_segment(mouse, a.from, a.to) < 5.0f) hit_transition = i;
  }

  int hit_state = kNothingSelected;
  int hit_port = kNothingSelected;
  const int state_count = static_cast<int>(m.states.size());
  view.state_boxes.clear();
  view.state_ports.clear();
  for (int st = 0; st < state_count; ++st) {
    const ScreenRect box = box_of(st);
    view.state_boxes.push_back(box);
    const ImVec2 dot = {box.max.x, box.center().y};
    const ImVec2 reach = {kPortRadius + 2.0f, kPortRadius + 2.0f};
    view.state_ports.push_back({sub(dot, reach), add(dot, reach)});
  }
  view.any_state_box = box_of(anim::kAnyState);
  for (int s = -1; s < state_count; ++s) {
    const ScreenRect box = box_of(s);
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
    if (contains(box, mouse)) hit_state = s;
    if (s >= 0) {
      const ScreenRect& port = view.state_ports[s];
      draw->AddCircleFilled(port.center(), kPortRadius, kArrowColor);
      draw->AddCircle(port.center(), kPortRadius, kBorderColor);
      if (contains(port, mouse)) hit_port = s;
    }
  }
  if (hit_port != kNothingSelected) {
    hit_state = hit_port;
    ImGui::SetTooltip("Drag to another state to make a transition");
  }

  if (clicked) {
    if (hit_state != kNothingSelected) {
      view.selected_state = hit_state;
      view.selected_transition = -1;
    } else if (hit_transition >= 0) {
      view.selected_transition = hit_transition;
      view.selected_state = kNothingSelected;
    } else {
      view.selected_state = kNothingSelected;
      view.selected_transition = -1;
    }
  }
  if (double_clicked && hit_state >= 0 &&
      m.states[hit_state].kind == anim::StateKind::StateMachine) {
    view.path.push_back(hit_state);
    view.selected_state = kNothingSelected;
    view.selected_transition = -1;
  } else if (double_clicked && hit_state == kNothingSelected && hit_transition < 0) {
    // A double-click on empty canvas adds a state there, playing the picked clip if any.
    const ImVec2 at = sub(mouse, scale(layout.box_size, 0.5f));
    view.selected_state = add_state(m, "state", anim::StateKind::Clip,
                                    std::max(sources.picked_clip, 0), sub(at, origin));
    view.selected_transition = -1;
    edited = true;
    return std::nullopt;
  }

  // Dragging a box moves it.
  if (pressed) {
    view.moving_state =
        hit_port == kNothingSelected && hit_state >= 0 ? hit_state : kNothingSelected;
    if (view.moving_state >= 0) view.move_grab = sub(mouse, box_of(hit_state).min);
  }
  if (view.moving_state >= state_count) view.moving_state = kNothingSelected;
  if (view.moving_state >= 0) {
    if (!held) {
      view.moving_state = kNothingSelected;
    } else if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f)) {
      const ImVec2 corner = sub(sub(mouse, view.move_grab), origin);
      const glm::vec2 to(std::max(corner.x, 0.0f), std::max(corner.y, 0.0f));
      if (m.editor_positions.size() < m.states.size()) m.editor_positions.resize(m.states.size());
      const std::optional<glm::vec2>& was = m.editor_positions[view.moving_state];
      if (!was || *was != to) {
        m.editor_positions[view.moving_state] = to;
        edited = true;
      }
    }
    return std::nullopt;
  }

  // Dragging from a connector dot (or Any State) to another box makes a transition between them.
  std::optional<std::pair<int, int>> connect;
  if (pressed) {
    view.connect_from =
        hit_port != kNothingSelected || hit_state == anim::kAnyState ? hit_state : kNothingSelected;
    view.connect_dragged = false;
  }
  if (view.connect_from != kNothingSelected &&
      (view.connect_from >= state_count || view.connect_from < anim::kAnyState)) {
    view.connect_from = kNothingSelected;
  }
  if (view.connect_from != kNothingSelected) {
    if (held) {
      view.connect_dragged |= ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f);
      if (view.connect_dragged) {
        draw_arrow(draw, Arrow{box_of(view.connect_from).center(), mouse}, kSelectedColor, 2.0f);
      }
    } else {
      if (view.connect_dragged && hit_state >= 0 && hit_state != view.connect_from) {
        connect = std::make_pair(view.connect_from, hit_state);
      }
      view.connect_from = kNothingSelected;
      view.connect_dragged = false;
    }
  }
  return connect;
}

void draw_parameters(StateMachineViewState& view, anim::Parameters& parameters) {
  view.parameter_controls.clear();
  for (int i = 0; i < parameters.count(); ++i) {
    const anim::Parameter& p = parameters.at(i);
    ImGui::PushID(i);
    float value = p.value;
    switch (p.type) {
      case anim::ParameterType::Float:
        if (ImGui::DragFloat(p.name.c_str(), &value, 0.01f)) parameters.set(i, value);
        break;
      case anim::ParameterType::Int: {
        int whole = static_cast<int>(value);
        if (ImGui::InputInt(p.name.c_str(), &whole)) parameters.set(i, static_cast<float>(whole));
        break;
      }
      case anim::ParameterType::Bool: {
        bool on = value != 0.0f;
        if (ImGui::Checkbox(p.name.c_str(), &on)) parameters.set(i, on ? 1.0f : 0.0f);
        break;
      }
      case anim::ParameterType::Trigger: {
        const std::string label = (value != 0.0f ? "* " : "") + p.name;
        if (ImGui::Button(label.c_str())) parameters.fire(i);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("Fire the trigger; it stays set (*) until a transition uses it");
        break;
      }
    }
    view.parameter_controls.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
    ImGui::PopID();
  }
}

// The last few transitions, most recent first, in a fixed number of lines: a transition firing
// while the graph plays adds a line without moving the editor below under the cursor.
void draw_history(const anim::StateMachine& m, const anim::StateMachinePlayer* player) {
  constexpr int kShownTransitions = 4;
  const int count = player == nullptr ? 0 : std::min(player->history_count(), kShownTransitions);
  if (count == 0) ImGui::TextDisabled("No transition yet");
  for (int i = 0; i < count; ++i) {
    const anim::TransitionRecord& r = player->history(i);
    ImGui::Text("%7.2f s  %s -> %s%s", r.time_s, state_name(m, r.from_state),
                state_name(m, r.to_state), r.interrupted_another ? "  (interrupted)" : "");
  }
  const int blank = kShownTransitions - std::max(count, 1);
  // The dummy's own item spacing stands for the last blank line's.
  if (blank > 0) {
    ImGui::Dummy(ImVec2(
        1.0f, blank * ImGui::GetTextLineHeightWithSpacing() - ImGui::GetStyle().ItemSpacing.y));
  }
}

bool edit_state(anim::State& s, anim::StateMachine& m, const anim::Parameters& parameters,
                const StateMachineViewSources& sources, ScreenRect& loop_checkbox) {
  bool edited = false;
  char name[64];
  std::snprintf(name, sizeof(name), "%s", s.name.c_str());
  if (ImGui::InputText("name", name, sizeof(name)) && name[0] != '\0') {
    s.name = name;
    edited = true;
  }
  const char* const kinds[] = {"clip", "blend space", "state machine"};
  if (enum_combo("plays", s.kind, kinds)) {
    s.index = 0;
    if (s.kind == anim::StateKind::StateMachine) {
      // Each state that becomes a machine gets its own, with one state so it is valid at once
      // (double-click the box to open it and build it further).
      anim::StateMachine inner;
      inner.name = s.name;
      inner.states.push_back({"inner", anim::StateKind::Clip, 0, 1.0f, true, -1});
      m.sub_machines.push_back(inner);
      s.index = static_cast<int>(m.sub_machines.size()) - 1;
    }
    edited = true;
  }
  if (s.kind == anim::StateKind::Clip) edited |= name_combo("clip", s.index, sources.clip_names);
  if (s.kind == anim::StateKind::BlendSpace) {
    edited |= name_combo("blend space", s.index, sources.blend_space_names);
  }
  edited |= ImGui::DragFloat("speed", &s.speed, 0.01f, -4.0f, 4.0f);
  edited |= ImGui::Checkbox("loop", &s.loop);
  loop_checkbox = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
  const std::vector<std::string> names = parameter_names(parameters);
  int speed_parameter = s.speed_parameter;
  if (name_combo("speed parameter", speed_parameter, names)) {
    s.speed_parameter = speed_parameter;
    edited = true;
  }
  if (s.speed_parameter >= 0 && ImGui::SmallButton("no speed parameter")) {
    s.speed_parameter = -1;
    edited = true;
  }
  char group[64];
  std::snprintf(group, sizeof(group), "%s", s.sync_group.c_str());
  if (ImGui::InputText("sync group", group, sizeof(group))) {
    s.sync_group = group;
    edited = true;
  }
  if (!s.sync_group.empty() && (s.kind != anim::StateKind::Clip || !s.loop)) {
    ImGui::TextDisabled("only looping clip states follow a sync group");
  }
  return edited;
}

bool edit_transition(anim::Transition& t, const anim::Parameters& parameters) {
  bool edited = false;
  // Controls that do not apply are disabled, not hidden, so that nothing below them moves.
  edited |= ImGui::Checkbox("exit time", &t.has_exit_time);
  ImGui::SameLine();
  ImGui::BeginDisabled(!t.has_exit_time);
  edited |= ImGui::DragFloat("##exit", &t.exit_time, 0.01f, 0.0f, 10.0f);
  ImGui::EndDisabled();
  edited |= ImGui::DragFloat("duration", &t.duration, 0.01f, 0.0f, 10.0f);
  const char* const units[] = {"seconds", "normalized"};
  edited |= enum_combo("unit", t.duration_unit, units);
  edited |= ImGui::DragFloat("offset", &t.offset, 0.01f, 0.0f, 1.0f);
  edited |= ImGui::InputInt("priority", &t.priority);
  const char* const interruptions[] = {"none", "by source", "by target"};
  edited |= enum_combo("interruption", t.interruption, interruptions);
  const char* const blends[] = {"crossfade smooth", "crossfade frozen", "inertialization"};
  edited |= enum_combo("blend", t.blend, blends);
  const char* const eases[] = {"linear", "smoothstep", "bezier ease in/out"};
  ImGui::BeginDisabled(t.blend == anim::TransitionBlend::Inertialization);
  edited |= enum_combo("ease", t.ease, eases);
  ImGui::EndDisabled();
  edited |= ImGui::Checkbox("pose-matched entry", &t.pose_matched_entry);
  if (t.source == anim::kAnyState) edited |= ImGui::Checkbox("may re-enter", &t.allow_self);

  ImGui::TextUnformatted("conditions");
  const std::vector<std::string> names = parameter_names(parameters);
  for (std::size_t i = 0; i < t.conditions.size(); ++i) {
    anim::Condition& c = t.conditions[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::SetNextItemWidth(110.0f);
    edited |= name_combo("##parameter", c.parameter, names);
    const anim::ParameterType type = c.parameter >= 0 && c.parameter < parameters.count()
                                         ? parameters.at(c.parameter).type
                                         : anim::ParameterType::Float;
    if (const anim::ConditionOp fitted = fit_condition_op(c.op, type); fitted != c.op) {
      c.op = fitted;
      edited = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90.0f);
    edited |= condition_op_combo(c.op, condition_ops(type));
    if (c.op == anim::ConditionOp::Greater || c.op == anim::ConditionOp::Less ||
        c.op == anim::ConditionOp::Equals) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(70.0f);
      edited |= ImGui::DragFloat("##value", &c.threshold, 0.01f);
    }
    ImGui::SameLine();
    const bool remove = ImGui::SmallButton("x");
    ImGui::PopID();
    if (remove) {
      t.conditions.erase(t.conditions.begin() + static_cast<std::ptrdiff_t>(i));
      edited = true;
      break;
    }
  }
  if (ImGui::SmallButton("+ condition") && parameters.count() > 0) {
    const bool is_trigger = parameters.at(0).type == anim::ParameterType::Trigger;
    t.conditions.push_back(
        {0, is_trigger ? anim::ConditionOp::Trigger : anim::ConditionOp::True, 0.0f});
    edited = true;
  }
  return edited;
}

bool draw_editor(StateMachineViewState& view, anim::StateMachine& m,
                 const anim::Parameters& parameters, const StateMachineViewSources& sources) {
  view.loop_checkbox = {};  // drawn only while a state is selected
  bool edited = false;
  const int state_count = static_cast<int>(m.states.size());
  ImGui::InputText("##new state", view.new_state_name, sizeof(view.new_state_name));
  ImGui::SameLine();
  if (ImGui::Button("Add state") && view.new_state_name[0] != '\0') {
    view.selected_state = add_state(m, view.new_state_name, anim::StateKind::Clip, 0);
    view.selected_transition = -1;
    edited = true;
  }
  // States named after and playing the clip picked in the clip browser, or the blend space the
  // blend-space tab shows.
  const auto rect = [] { return ScreenRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()}; };
  const int clip = sources.picked_clip;
  const bool has_clip = clip >= 0 && clip < static_cast<int>(sources.clip_names.size());
  ImGui::BeginDisabled(!has_clip);
  const std::string clip_label =
      has_clip ? "+ clip state '" + sources.clip_names[clip] + "'" : std::string("+ clip state");
  if (ImGui::Button(clip_label.c_str())) {
    view.selected_state =
        add_state(m, sources.clip_names[clip], anim::StateKind::Clip, clip, std::nullopt);
    view.selected_transition = -1;
    edited = true;
  }
  view.add_clip_state_button = rect();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("A state playing the clip picked in the clip browser");
  }
  ImGui::SameLine();
  const int space = sources.shown_blend_space;
  const bool has_space = space >= 0 && space < static_cast<int>(sources.blend_space_names.size());
  ImGui::BeginDisabled(!has_space);
  const std::string space_label =
      has_space ? "+ blend-space state '" + sources.blend_space_names[space] + "'"
                : std::string("+ blend-space state");
  if (ImGui::Button(space_label.c_str())) {
    view.selected_state = add_state(m, sources.blend_space_names[space],
                                    anim::StateKind::BlendSpace, space, std::nullopt);
    view.selected_transition = -1;
    edited = true;
  }
  view.add_blend_state_button = rect();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("A state playing the blend space the Blend space tab shows");
  }

  if (view.selected_state == anim::kAnyState ||
      (view.selected_state >= 0 && view.selected_state < state_count)) {
    const int from = view.selected_state;
    ImGui::Separator();
    ImGui::Text("%s", state_name(m, from));
    std::vector<std::string> names;
    for (const anim::State& s : m.states) names.push_back(s.name);
    view.new_transition_target =
        std::clamp(view.new_transition_target, 0, std::max(state_count - 1, 0));
    ImGui::SetNextItemWidth(140.0f);
    name_combo("##target", view.new_transition_target, names);
    ImGui::SameLine();
    if (ImGui::Button("Add transition") && state_count > 0) {
      anim::Transition t;
      t.source = from;
      t.target = view.new_transition_target;
      t.has_exit_time = true;  // valid without conditions: leaves at the end of the source
      m.transitions.push_back(t);
      view.selected_transition = static_cast<int>(m.transitions.size()) - 1;
      view.selected_state = kNothingSelected;
      return true;
    }
    if (from >= 0) {
      if (ImGui::Button("Make entry")) {
        m.entry_state = from;
        edited = true;
      }
      ImGui::SameLine();
      if (state_count > 1 && ImGui::Button("Remove state")) {
        anim::remove_state(m, from);
        view.selected_state = kNothingSelected;
        return true;
      }
      edited |= edit_state(m.states[from], m, parameters, sources, view.loop_checkbox);
    }
  } else if (view.selected_transition >= 0 &&
             view.selected_transition < static_cast<int>(m.transitions.size())) {
    anim::Transition& t = m.transitions[view.selected_transition];
    ImGui::Separator();
    ImGui::Text("%s -> %s", state_name(m, t.source), state_name(m, t.target));
    ImGui::SameLine();
    if (ImGui::Button("Remove transition")) {
      m.transitions.erase(m.transitions.begin() + view.selected_transition);
      view.selected_transition = -1;
      return true;
    }
    edited |= edit_transition(t, parameters);
  } else {
    ImGui::TextDisabled(
        "Click a state or an arrow to edit it; drag a box to move it, its dot to make a "
        "transition; double-click empty space to add a state, a [+] state to open it");
  }
  return edited;
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

std::string describe_transition(const anim::StateMachine& m, const anim::Transition& t,
                                const anim::Parameters& parameters) {
  std::string when;  // the conditions, then the exit time
  const char* separator = "";
  for (const anim::Condition& c : t.conditions) {
    const std::string name = c.parameter >= 0 && c.parameter < parameters.count()
                                 ? parameters.at(c.parameter).name
                                 : "?";
    char buffer[128];
    switch (c.op) {
      case anim::ConditionOp::Greater:
        std::snprintf(buffer, sizeof(buffer), "%s > %g", name.c_str(), c.threshold);
        break;
      case anim::ConditionOp::Less:
        std::snprintf(buffer, sizeof(buffer), "%s < %g", name.c_str(), c.threshold);
        break;
      case anim::ConditionOp::Equals:
        std::snprintf(buffer, sizeof(buffer), "%s == %g", name.c_str(), c.threshold);
        break;
      case anim::ConditionOp::True:
      case anim::ConditionOp::Trigger:
        std::snprintf(buffer, sizeof(buffer), "%s", name.c_str());
        break;
      case anim::ConditionOp::False:
        std::snprintf(buffer, sizeof(buffer), "!%s", name.c_str());
        break;
    }
    when += separator;
    when += buffer;
    separator = " and ";
  }
  char tail[128];
  if (t.has_exit_time) {
    std::snprintf(tail, sizeof(tail), "%sexit %g", when.empty() ? "" : ", ", t.exit_time);
    when += tail;
  }
  std::string text = std::string(state_name(m, t.source)) + " -> " + state_name(m, t.target);
  if (!when.empty()) text += ": " + when;
  std::snprintf(tail, sizeof(tail), ", %g %s, %s", t.duration,
                t.duration_unit == anim::DurationUnit::Seconds ? "s" : "of source",
                anim::to_string(t.blend));
  return text + tail;
}

std::string describe_phases(const anim::StateMachine& m, const anim::StateMachinePlayer& player) {
  const int active = player.active_state();
  if (active < 0 || active >= static_cast<int>(m.states.size())) return {};
  const anim::SyncGroupStatus& sync = player.sync_status();
  const auto describe = [&](int state, float unwrapped) {
    char phase[32];
    std::snprintf(phase, sizeof(phase), " %.2f", unwrapped - std::floor(unwrapped));
    std::string text = state_name(m, state) + std::string(phase);
    if (sync.leader >= 0 && state == sync.leader) text += " leads";
    if (state == sync.follower) {
      text += sync.by_markers ? " follows by foot markers"
                              : " follows in normalized time (foot markers do not correspond)";
    }
    return text;
  };
  const int source = player.crossfade_source_state();
  std::string line;
  if (source >= 0 && source < static_cast<int>(m.states.size())) {
    line = describe(source, player.crossfade_source_normalized_time()) + ", ";
  }
  return line + describe(active, player.active_normalized_time());
}

bool draw_state_machine_view(StateMachineViewState& view, anim::StateMachine& machine,
                             anim::Parameters& parameters, const anim::StateMachinePlayer& player,
                             const StateMachineViewSources& sources) {
  // Walk the path of opened nested states; a path made stale by an edit is cut where it breaks.
  anim::StateMachine* shown = &machine;
  const anim::StateMachinePlayer* shown_player = &player;
  for (std::size_t depth = 0; depth < view.path.size(); ++depth) {
    const int s = view.path[depth];
    if (s < 0 || s >= static_cast<int>(shown->states.size()) ||
        shown->states[s].kind != anim::StateKind::StateMachine ||
        shown->states[s].index >= static_cast<int>(shown->sub_machines.size())) {
      view.path.resize(depth);
      break;
    }
    shown = &shown->sub_machines[shown->states[s].index];
    shown_player = shown_player != nullptr ? shown_player->nested_player(s) : nullptr;
  }
  // The player may play a copy of the machine shown (the viewer edits the project's and plays a
  // bound copy); it shows the player's state only while the two have the same states and
  // transitions, so indices cannot point past an edit.
  if (shown_player != nullptr) {
    const anim::StateMachine* played = shown_player->machine();
    if (played == nullptr || played->states.size() != shown->states.size() ||
        played->transitions.size() != shown->transitions.size()) {
      shown_player = nullptr;
    }
  }

  view.shown_active_state = shown_player != nullptr ? shown_player->active_state() : -1;
  const anim::TransitionStatus status =
      shown_player != nullptr ? shown_player->transition() : anim::TransitionStatus{};
  view.shown_transition = status.running ? status.transition : -1;
  view.shown_progress = status.running ? status.progress : 0.0f;

  bool edited = false;
  if (!view.path.empty()) {
    if (ImGui::Button("< Up")) {
      view.path.pop_back();
      view.selected_state = kNothingSelected;
      view.selected_transition = -1;
    }
    ImGui::SameLine();
  }
  ImGui::Text("%s", shown->name.empty() ? "state machine" : shown->name.c_str());
  if (status.running) {
    ImGui::SameLine();
    const std::string overlay = std::string(state_name(*shown, status.from_state)) + " -> " +
                                state_name(*shown, status.to_state) + "  (" +
                                anim::to_string(status.blend) + ")";
    ImGui::ProgressBar(status.progress, ImVec2(-1.0f, 0.0f), overlay.c_str());
  }
  // Always one line, empty while no player is shown (as for a frame after an edit), so the
  // controls below never jump between two frames.
  const std::string phases =
      shown_player != nullptr ? describe_phases(*shown, *shown_player) : std::string();
  ImGui::TextUnformatted(phases.c_str());

  // The graph takes the panel's width (state boxes need it); the parameters go below it.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float graph_height = std::max(avail.y * 0.4f, 230.0f);
  ImGui::BeginChild("graph", ImVec2(0.0f, graph_height), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  if (const auto connect =
          draw_graph(view, *shown, shown_player, ImGui::GetContentRegionAvail(), sources, edited)) {
    anim::Transition t;
    t.source = connect->first;
    t.target = connect->second;
    t.has_exit_time = true;  // valid without conditions: leaves at the end of the source
    shown->transitions.push_back(t);
    view.selected_transition = static_cast<int>(shown->transitions.size()) - 1;
    view.selected_state = kNothingSelected;
    edited = true;
  }
  ImGui::EndChild();
  const float parameter_rows = static_cast<float>(std::min(parameters.count(), 6) + 2);
  ImGui::BeginChild("parameters", ImVec2(0.0f, parameter_rows * ImGui::GetFrameHeightWithSpacing()),
                    true);
  ImGui::TextUnformatted("Parameters");
  ImGui::Separator();
  draw_parameters(view, parameters);
  ImGui::EndChild();

  if (ImGui::CollapsingHeader("Last transitions", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_history(*shown, shown_player);
  }
  if (ImGui::CollapsingHeader("Edit", ImGuiTreeNodeFlags_DefaultOpen)) {
    edited |= draw_editor(view, *shown, parameters, sources);
  }
  if (ImGui::CollapsingHeader("Transitions")) {
    for (int i = 0; i < static_cast<int>(shown->transitions.size()); ++i) {
      const std::string line = describe_transition(*shown, shown->transitions[i], parameters);
      ImGui::PushID(i);
      if (ImGui::Selectable(line.c_str(), view.selected_transition == i)) {
        view.selected_transition = i;
        view.selected_state = kNothingSelected;
      }
      ImGui::PopID();
    }
  }
  return edited;
}

}  // namespace ui
