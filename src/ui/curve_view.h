#pragma once
// The curve view ("Curves" window): the selected joints' channels over the previewed clip or the
// graph's recorded frames, as an animator's graph editor plots them: one coloured curve per
// component with a legend, dots at the joints' keys, a CUBICSPLINE key's tangents as handles, the
// playhead, the exact curve and the error band under a compressed one, pops marked in the speed
// and acceleration views (with the threshold they pass). Clicking or dragging in the plot scrubs
// (to whole frames); the mouse wheel zooms the time axis about the cursor and Ctrl+wheel the
// value axis; a right drag pans both; Fit gives the value axis back to the visible curves.
// Immediate mode: the app samples the curves (app/joint_curve_view.h) and seeks to the time this
// returns.

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/joint_motion.h"
#include "anim/motion_pops.h"
#include "ui/curve_axes.h"

namespace ui {

enum class CurveChannels {
  Translation,         // local, metres
  EulerDegrees,        // local rotation, unwrapped Euler angles in the inspector's order
  Quaternion,          // local rotation, sign-continuous, w x y z
  Scale,               //
  LinearSpeed,         // of the model position, m/s
  AngularSpeed,        // of the local rotation, degrees/s
  LinearAcceleration,  // of the model position, m/s^2 (where pops are found)
};
inline constexpr int kCurveChannelSets = 7;

// One channel set's components of frame into values (up to 4); returns how many.
int curve_components(const anim::JointMotionFrame& frame, CurveChannels channels, float* values);

// A key of a CUBICSPLINE track, in the components of the channel set that plots it (Translation,
// Quaternion w x y z, or Scale): its value and its tangents in units per second.
struct CurveTangentKey {
  CurveChannels channels = CurveChannels::Translation;
  float time_s = 0.0f;
  std::array<float, 4> value{}, in_tangent{}, out_tangent{};
  float before_s = 0.0f, after_s = 0.0f;  // to the keys either side (0 at an end)
};

// One joint's sampled curves.
struct JointCurveSet {
  std::string_view joint;
  std::span<const anim::JointMotionFrame> frames;  // from 0 to duration_s, in time order
  // The same frames from the clips' exact keys while the player stores them compressed (drawn
  // under the stored curves with the band between); empty otherwise.
  std::span<const anim::JointMotionFrame> exact_frames;
  std::span<const float> key_times;
  std::span<const CurveTangentKey> tangents;
  std::span<const anim::Pop> pops;
  float pop_threshold = 0.0f;  // m/s^2: the acceleration a pop exceeds
};

struct CurveViewData {
  std::span<const JointCurveSet> joints;  // the selection's, the active (last selected) last
  float fps = 30.0f;
  float duration_s = 0.0f;
  double playhead_s = 0.0;
  bool joint_selected = false;
  std::string_view source;  // what the time axis runs over ("clip Walk", "graph record")
};

// Kept by the viewer between frames, with what was drawn last (for tests and scripted clicks).
struct CurveViewState {
  bool open = false;
  CurveChannels channels = CurveChannels::Translation;
  double t0_s = 0.0, t1_s = 0.0;    // the visible time range; reset to the clip's on a new clip
  float range_of_duration = -1.0f;  // the clip duration that range was made for
  bool values_fitted = true;        // the value axis follows the visible curves
  float v0 = 0.0f, v1 = 1.0f;       // the value range the user zoomed or panned to
  bool scrubbing = false;
  // Drawn in the last frame: the plot's axes, the playhead's x, the key dots (each component's),
  // the tangent handles' ends, the pop marks' x and the threshold's y (speed and acceleration
  // views), the largest stored-against-exact difference of the channel set; drawn is false when
  // there was nothing to plot.
  bool drawn = false;
  CurveAxes axes;
  float playhead_x = 0.0f;
  std::vector<glm::vec2> key_dots;
  std::vector<glm::vec2> handle_ends;
  std::vector<float> pop_xs;
  std::vector<float> threshold_ys;
  float largest_error = 0.0f;
};

// Draws the "Curves" window while state.open. Returns the frame-snapped time to seek to while the
// plot is clicked or dragged with the left button, or a negative value.
double draw_curve_view(CurveViewState& state, const CurveViewData& data);

}  // namespace ui
