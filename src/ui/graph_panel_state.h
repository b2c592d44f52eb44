#pragma once
// The graph panel between frames: its blend-space, parameter, layer and state-machine tabs, and
// what the last edit of the project's graph left to say.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_positions.h"
#include "project/graph_warnings.h"
#include "ui/blend_space_1d_editor.h"
#include "ui/blend_space_editor.h"
#include "ui/blend_space_list.h"
#include "ui/layer_editor.h"
#include "ui/parameter_editor.h"
#include "ui/state_machine_list.h"
#include "ui/state_machine_view.h"

namespace ui {

struct GraphPanelState {
  int blend_space = 0;  // the blend space the editor shows
  BlendSpaceListState blend_space_list;
  BlendSpaceEditorState blend_editor;
  BlendSpace1DEditorState blend_editor_1d;
  std::vector<anim::ClipVelocity> clip_velocities;  // "compute positions", per project clip
  ParameterEditorState parameter_editor;
  LayerEditorState layer_editor;
  StateMachineListState machine_list;
  StateMachineViewState machine_view;
  glm::vec2 machine_tab_center{0.0f};  // the State machine tab (window pixels, scripted clicks)
  std::string graph_error;  // why the edited graph does not play (the last good one does)
  std::vector<project::GraphWarning> graph_warnings;  // of the project's graph, after each edit
};

}  // namespace ui
