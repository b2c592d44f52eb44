#pragma once
// The graph's layers as a list to edit: add and remove layers, set each one's clip, mode
// (override or additive) and weight, and pick the chosen layer's mask on the skeleton tree,
// where a click toggles a joint and everything below it. The edits are project/layer_edits.h's.

#include <string>

#include "anim/skeleton.h"
#include "project/project_file.h"

namespace ui {

struct LayerEditorState {
  int selected = 0;  // the layer whose mask the tree shows
  std::string error;
};

// What the user changed this frame. A weight is dragged: the caller plays it live (no new
// binding) until weight_released, then binds once.
struct LayerEditorChange {
  bool graph_edited = false;  // layers added, removed, renamed, retargeted, masked: re-bind
  int weight_layer = -1;      // this layer's weight moved in project (live)
  bool weight_released = false;
};

// Draws the list and the chosen layer's tree (skeleton is the character's). Edits project.
LayerEditorChange draw_layer_editor(LayerEditorState& state, project::Project& project,
                                    const anim::Skeleton& skeleton);

}  // namespace ui
