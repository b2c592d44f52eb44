#pragma once
// The 1D blend space editor: the space's axis with its samples and the point, drag to move them,
// and the controls for the axis, the samples and the computed positions.

#include <span>
#include <string>
#include <vector>

#include "anim/blend_space_1d.h"
#include "anim/blend_space_positions.h"
#include "ui/blend_space_editor.h"

namespace ui {

// What the 1D editor remembers between frames; point is the input value.
struct BlendSpace1DEditorState {
  float point = 0.0f;
  int selected_sample = -1;
  bool snap_to_grid = true;
  int grid_divisions = 8;
  int clip_to_add = 0;
  std::string error;
  int dragged_sample = -1;
  bool dragging_point = false;
  // "Compute positions" as in 2D: measured speeds, or a typed speed for in-place clips; where
  // each sample's last computed threshold came from ("" once moved by hand).
  bool in_place_typed_speed = false;
  float typed_speed_mps = 1.4f;
  std::vector<std::string> computed;
};

// The 1D editor, likewise: a horizontal axis with the thresholds, the handle, weight bars.
// clip_velocities, one per clip name, place samples at each clip's ground speed on "Compute
// positions" (anim::speed_threshold).
BlendSpaceEditorChange draw_blend_space_1d_editor(
    BlendSpace1DEditorState& state, anim::BlendSpace1D& space,
    std::span<const std::string> clip_names, std::span<const float> weights,
    std::span<const anim::ClipVelocity> clip_velocities);

}  // namespace ui
