#include "ui/state_machine_view.h"

#include <optional>
#include <utility>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>
#include <span>

#include "ui/state_graph.h"
#include "ui/state_machine_editor.h"

namespace ui {

namespace {

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

}  // namespace

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

namespace {

// The machine the panel shows (machine, or the sub-machine view.path opens) and its player, or
// no player when none plays the machine shown as it is.
struct ShownMachine {
  anim::StateMachine* machine;
  const anim::StateMachinePlayer* player;
};

ShownMachine shown_machine(StateMachineViewState& view, anim::StateMachine& machine,
                           const anim::StateMachinePlayer& player) {
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
  return {shown, shown_player};
}

// The panel's first lines: Up (inside a sub-machine), the machine's name, the running
// transition's progress, and the sources' phases.
void draw_panel_header(StateMachineViewState& view, const ShownMachine& shown,
                       const anim::TransitionStatus& status) {
  if (!view.path.empty()) {
    if (ImGui::Button("< Up")) {
      view.path.pop_back();
      view.selected_state = kNothingSelected;
      view.selected_transition = -1;
    }
    ImGui::SameLine();
  }
  ImGui::Text("%s", shown.machine->name.empty() ? "state machine" : shown.machine->name.c_str());
  if (status.running) {
    ImGui::SameLine();
    const std::string overlay = std::string(state_name(*shown.machine, status.from_state)) +
                                " -> " + state_name(*shown.machine, status.to_state) + "  (" +
                                anim::to_string(status.blend) + ")";
    ImGui::ProgressBar(status.progress, ImVec2(-1.0f, 0.0f), overlay.c_str());
  }
  // Always one line, empty while no player is shown (as for a frame after an edit), so the
  // controls below never jump between two frames.
  const std::string phases =
      shown.player != nullptr ? describe_phases(*shown.machine, *shown.player) : std::string();
  ImGui::TextUnformatted(phases.c_str());
}

}  // namespace

bool draw_state_machine_view(StateMachineViewState& view, anim::StateMachine& machine,
                             anim::Parameters& parameters, const anim::StateMachinePlayer& player,
                             const StateMachineViewSources& sources) {
  const ShownMachine shown_pair = shown_machine(view, machine, player);
  anim::StateMachine* shown = shown_pair.machine;
  const anim::StateMachinePlayer* shown_player = shown_pair.player;
  view.shown_active_state = shown_player != nullptr ? shown_player->active_state() : -1;
  const anim::TransitionStatus status =
      shown_player != nullptr ? shown_player->transition() : anim::TransitionStatus{};
  view.shown_transition = status.running ? status.transition : -1;
  view.shown_progress = status.running ? status.progress : 0.0f;
  draw_panel_header(view, shown_pair, status);

  bool edited = false;
  // The graph takes the panel's width (state boxes need it); the parameters go below it.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float graph_height = std::max(avail.y * 0.4f, 230.0f);
  ImGui::BeginChild("graph", ImVec2(0.0f, graph_height), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  if (const auto connect = draw_state_graph(view, *shown, shown_player,
                                            ImGui::GetContentRegionAvail(), sources, edited)) {
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
    edited |= draw_state_machine_editor(view, *shown, parameters, sources);
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
