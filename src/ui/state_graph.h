#pragma once
// The state-machine panel's graph (ui/state_machine_view.h): states as boxes in a layered layout,
// transitions as arrows, the active state and the running transition with their progress, and
// the mouse's edits (select, move a box, add a state, drag a new transition).

#include <optional>
#include <utility>
#include <vector>

#include <imgui.h>

#include "anim/state_machine.h"

namespace ui {

struct StateMachineViewState;
struct StateMachineViewSources;

// Where the boxes go, in canvas coordinates (origin at the canvas's top-left, pixels). A state the
// user moved stays where machine.editor_positions puts it. Otherwise a state's column is its
// distance in transitions from the entry state (states not reachable from it follow in a last
// column); within a column states keep their list order. The "any state" box sits above the
// entry column.
struct StateGraphLayout {
  std::vector<ImVec2> box_min;  // per state, top-left of its box
  ImVec2 any_state_min;
  ImVec2 box_size;
  ImVec2 extent;  // the size of the whole graph
};
StateGraphLayout layout_state_graph(const anim::StateMachine& machine);

// A rectangle on screen.
struct ScreenRect {
  ImVec2 min, max;
  ImVec2 center() const { return {(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f}; }
};

// Draws the graph and applies its mouse edits: a box dragged moves (edited), a double-click on
// empty canvas adds a state there (edited). Returns the transition a drag from a connector dot
// (or Any State) to another box asks for (source, target), if one was released this frame.
std::optional<std::pair<int, int>> draw_state_graph(
    StateMachineViewState& view, anim::StateMachine& m, const anim::StateMachinePlayer* player,
    ImVec2 size, const StateMachineViewSources& sources, bool& edited);

}  // namespace ui
