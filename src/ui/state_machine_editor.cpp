#include "ui/state_machine_editor.h"

#include <algorithm>
#include <cstdio>
#include <span>
#include <vector>

#include "ui/condition_ops.h"

namespace ui {
namespace {

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

// base, or base with "_" appended until no state of m has the name.
std::string unique_state_name(const anim::StateMachine& m, std::string name) {
  while (std::any_of(m.states.begin(), m.states.end(),
                     [&](const anim::State& s) { return s.name == name; })) {
    name += "_";
  }
  return name;
}

bool edit_state(anim::State& s, anim::StateMachine& m, const anim::Parameters& parameters,
                const StateMachineViewSources& sources, ScreenRect& loop_checkbox,
                ScreenRect& sync_group_field) {
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
  sync_group_field = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
  if (!s.sync_group.empty() && (s.kind == anim::StateKind::StateMachine || !s.loop)) {
    ImGui::TextDisabled("only looping clip and blend-space states follow a sync group");
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

}  // namespace

const char* state_name(const anim::StateMachine& m, int state) {
  if (state == anim::kAnyState) return "Any State";
  return state >= 0 && state < static_cast<int>(m.states.size()) ? m.states[state].name.c_str()
                                                                 : "?";
}

// Appends a state (and its position when given); returns its index.
int add_state(anim::StateMachine& m, const std::string& name, anim::StateKind kind, int index,
              std::optional<ImVec2> at) {
  m.states.push_back({unique_state_name(m, name), kind, index, 1.0f, true, -1});
  const int state = static_cast<int>(m.states.size()) - 1;
  if (at) {
    m.editor_positions.resize(m.states.size());
    m.editor_positions[state] = glm::vec2(at->x, at->y);
  }
  return state;
}

namespace {

// The buttons that add a state: named as typed, or after and playing the clip picked in the clip
// browser, or the blend space the blend-space tab shows. Returns whether one was added.
bool add_state_buttons(StateMachineViewState& view, anim::StateMachine& m,
                       const StateMachineViewSources& sources) {
  bool edited = false;
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
  return edited;
}

// The selected state's (or Any State's) editor: a transition from it, entry, removal, and its
// properties. state_count: the machine's states when the panel began.
bool edit_selected_state(StateMachineViewState& view, anim::StateMachine& m,
                         const anim::Parameters& parameters, const StateMachineViewSources& sources,
                         int state_count) {
  bool edited = false;
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
    edited |= edit_state(m.states[from], m, parameters, sources, view.loop_checkbox,
                         view.sync_group_field);
  }
  return edited;
}

// The selected transition's editor: its removal and its properties.
bool edit_selected_transition(StateMachineViewState& view, anim::StateMachine& m,
                              const anim::Parameters& parameters) {
  bool edited = false;
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
  return edited;
}

}  // namespace

bool draw_state_machine_editor(StateMachineViewState& view, anim::StateMachine& m,
                               const anim::Parameters& parameters,
                               const StateMachineViewSources& sources) {
  view.loop_checkbox = {};  // drawn only while a state is selected
  view.sync_group_field = {};
  const int state_count = static_cast<int>(m.states.size());
  bool edited = add_state_buttons(view, m, sources);
  if (view.selected_state == anim::kAnyState ||
      (view.selected_state >= 0 && view.selected_state < state_count)) {
    edited |= edit_selected_state(view, m, parameters, sources, state_count);
  } else if (view.selected_transition >= 0 &&
             view.selected_transition < static_cast<int>(m.transitions.size())) {
    edited |= edit_selected_transition(view, m, parameters);
  } else {
    ImGui::TextDisabled(
        "Click a state or an arrow to edit it; drag a box to move it, its dot to make a "
        "transition; double-click empty space to add a state, a [+] state to open it");
  }
  return edited;
}

}  // namespace ui
