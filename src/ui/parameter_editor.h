#pragma once
// The graph's parameters as a list to edit: add one (name and type), rename, retype or remove
// each. The edits are project/graph_edits.h's, so blend spaces and states that use a parameter
// follow it (or the edit is refused, with the reason shown).

#include <string>
#include <vector>

#include "project/project_file.h"

namespace ui {

struct ParameterEditorState {
  std::string new_name = "parameter";
  int new_type = 0;                // anim::ParameterType as an int
  std::vector<std::string> names;  // the rename fields, refilled when the count changes
  std::string error;
};

// Draws the list; returns true when project.parameters (or what refers to them) changed.
bool draw_parameter_editor(ParameterEditorState& state, project::Project& project);

}  // namespace ui
