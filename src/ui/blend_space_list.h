#pragma once
// The row above the blend-space editor that manages the project's blend spaces: pick one, create
// a 1D or 2D space (empty, or from the clips picked in the clip browser, placed by "Compute
// positions"), rename, duplicate or delete it. The edits are project/graph_edits.h's; a refused
// edit shows its message here and leaves the project unchanged.

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "project/project_file.h"

namespace ui {

struct BlendSpaceListState {
  std::string name;   // the rename field, refilled when the shown space changes
  int named = -1;     // the space whose name the field holds
  std::string error;  // the last refused edit
  // Where the last draw put the "New 2D" and "From picked" buttons (screen pixels, centres).
  glm::vec2 new_2d_at{0.0f};
  glm::vec2 from_picked_at{0.0f};
};

// Draws the row. shown is the index of the space the editor shows (clamped; a new or duplicated
// space becomes shown). picked_clips are project clip indices with one position each (the
// measured velocities). Returns true when project.blend_spaces (or its parameters) changed.
bool draw_blend_space_list(BlendSpaceListState& state, project::Project& project, int& shown,
                           std::span<const int> picked_clips,
                           std::span<const glm::vec2> picked_positions);

}  // namespace ui
