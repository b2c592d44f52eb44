#pragma once
// The state machine panel's editor below its graph: add states and transitions, and edit the
// selected state (its clip or blend space, speed, loop) or transition (duration, blend,
// conditions, exit time). ui/state_machine_view.h draws the whole panel with it.

#include <optional>
#include <string>

#include <imgui.h>

#include "anim/parameters.h"
#include "anim/state_machine.h"
#include "ui/state_machine_view.h"

namespace ui {

// The name of state in m: "Any State" for anim::kAnyState, "?" for an index out of range.
const char* state_name(const anim::StateMachine& m, int state);

// Appends a state named name (with "_" appended until no state of m has it) playing clip or
// blend space index (by kind), placed at `at` in the graph when given; returns its index.
int add_state(anim::StateMachine& m, const std::string& name, anim::StateKind kind, int index,
              std::optional<ImVec2> at = std::nullopt);

// Draws the editor for the machine shown (m) and applies its edits; view's selection says which
// state or transition is edited. Returns whether m was edited.
bool draw_state_machine_editor(StateMachineViewState& view, anim::StateMachine& m,
                               const anim::Parameters& parameters,
                               const StateMachineViewSources& sources);

}  // namespace ui
