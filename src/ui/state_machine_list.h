#pragma once
// The row above the state-machine view that manages the project's machines: pick the active one
// (the one the character plays and the view edits), create, rename, duplicate or delete one.
// The edits are project/state_machine_list.h's; a refused edit shows its message here and leaves
// the project unchanged.

#include <string>

#include <glm/glm.hpp>

#include "project/project_file.h"

namespace ui {

struct StateMachineListState {
  std::string name;        // the rename field, refilled when the active machine changes
  std::string named;       // the machine name the field was filled from
  std::string error;       // the last refused edit
  glm::vec2 new_at{0.0f};  // where the last draw put the "New" button (screen pixels, centre)
};

// Draws the row. Returns true when the project's machines changed (the caller re-binds the
// graph: a newly active machine plays from its entry).
bool draw_state_machine_list(StateMachineListState& state, project::Project& project);

}  // namespace ui
