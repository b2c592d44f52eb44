#pragma once
// The blend-space editors (2D and 1D): the space drawn large with its axes, grid, samples and
// the input point as a handle, each sample's weight as a circle (area proportional to the
// weight) and a number, the triangulation or influence regions on demand; and the controls to
// add, move (with grid snapping), remove and re-place samples, change the mode and the axes.
// Immediate mode: each call reads the space and the weights and writes back what the user
// changed; the caller rebuilds what plays the space when told the space changed.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/blend_space_1d.h"
#include "anim/blend_space_2d.h"
#include "anim/blend_space_positions.h"

namespace ui {

// What the user changed this frame.
struct BlendSpaceEditorChange {
  bool point = false;  // the input point moved: play at the new point
  bool space = false;  // samples, mode or axes changed: rebuild what plays the space
  bool any() const { return point || space; }
};

// What the 2D editor remembers between frames. point is the input point the character plays
// (in axis units): the caller reads it every frame, and may set it (e.g. from parameters).
struct BlendSpaceEditorState {
  glm::vec2 point{0.0f};
  int selected_sample = -1;
  bool snap_to_grid = true;
  int grid_divisions = 8;     // grid cells per axis; snapping goes to the grid's lines
  bool show_regions = false;  // Delaunay: the triangulation; other modes: influence regions
  int clip_to_add = 0;        // index into clip_names for "Add sample"
  std::string error;          // why the space cannot be played as edited (shown in red)
  // "Compute positions" for in-place clips: the feet's measured velocity, or a typed speed in
  // the feet's direction. computed lists, per sample, where its last computed position came
  // from ("" once moved by hand).
  bool in_place_typed_speed = false;
  float typed_speed_mps = 1.4f;
  std::vector<std::string> computed;
  // How the plot is drawn (display only: positions and the point stay as stored): the space's x
  // growing leftwards when +x is the character's left (glTF, Y-up and facing +z), y growing
  // downwards when +y is its back, so its right is on the plot's right and forward is up.
  bool x_grows_left = true;
  bool y_grows_down = false;
  // Where the last draw put the axes' corners on screen (window pixels): (x min, y min) at
  // bottom-left and (x max, y max) at top-right. Scripts and tests aim the mouse with them.
  glm::vec2 screen_of_min{0.0f};
  glm::vec2 screen_of_max{0.0f};
  // Interaction in progress.
  int dragged_sample = -1;
  bool dragging_point = false;
  // The weights' precomputation for drawing regions, rebuilt after every edit.
  anim::PreparedBlendSpace2D prepared;
  bool prepared_current = false;
};

// An axis's range (min, max) as a plot drawing the axis mirrored shows it: negated and swapped,
// so a character facing -Z reads forward up (stored -4.892..1 shows as -1..4.892). Its own
// inverse: a range typed in the plot's terms gives the stored one. Unchanged when not mirrored.
glm::vec2 mirrored_range(glm::vec2 range, bool mirrored);

// Draws the 2D editor into the current ImGui window. clip_names are the clips a sample may
// play (samples refer to them by name); weights are the weights the caller plays, one per
// sample (ignored when their count differs, e.g. in the frame of an edit). clip_velocities,
// one per clip name, are the measured "Compute positions" results (anim/blend_space_positions.h),
// which the state's in-place choice completes; when empty the button is disabled. Mouse: drag the
// handle (or click anywhere to put it there), drag a sample to move it, right-click a sample to
// remove it. Arrow keys over the space move the handle by 1/200 of the axis range (with Shift
// 1/20).
BlendSpaceEditorChange draw_blend_space_editor(BlendSpaceEditorState& state,
                                               anim::BlendSpace2D& space,
                                               std::span<const std::string> clip_names,
                                               std::span<const float> weights,
                                               std::span<const anim::ClipVelocity> clip_velocities);

// How quickly the played point follows the editor's point (and the parameters): the half-life,
// in seconds, of its spring (0 follows at once). The slider leaves its label room in the panel.
// Returns whether the user changed it.
bool draw_input_smoothing(float& half_life_s);

// The nearest grid line's value to value, the range [min, max] being cut in divisions cells.
float snap_to_grid(float value, float min, float max, int divisions);

// The radius of a circle whose area is proportional to weight (in [0, 1]), full_radius at 1.
float weight_circle_radius(float weight, float full_radius);

}  // namespace ui
