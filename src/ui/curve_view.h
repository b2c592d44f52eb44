#pragma once
// The curve view ("Curves" window): the inspected joint's channels over the previewed clip, as
// an animator's graph editor plots them: one coloured curve per component with a legend, dots at
// the joint's keys, the playhead, pops marked in the speed views. Clicking or dragging in the plot
// scrubs (to whole frames), the mouse wheel zooms the time axis about the cursor, a right drag
// pans it; the value axis fits what is visible. Immediate mode: the app samples the curves
// (app/joint_curve_view.h) and seeks the clock to the time this returns.

#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/joint_motion.h"
#include "anim/motion_pops.h"
#include "ui/curve_axes.h"

namespace ui {

enum class CurveChannels {
  Translation,   // local, metres
  EulerDegrees,  // local rotation, unwrapped Euler angles in the inspector's order
  Quaternion,    // local rotation, sign-continuous, w x y z
  Scale,
  LinearSpeed,   // of the model position, m/s
  AngularSpeed,  // of the local rotation, degrees/s
};

// One channel set's components of frame into values (up to 4); returns how many.
int curve_components(const anim::JointMotionFrame& frame, CurveChannels channels, float* values);

struct CurveViewData {
  std::span<const anim::JointMotionFrame> frames;  // from 0 to duration_s, in time order
  std::span<const float> key_times;
  std::span<const anim::Pop> pops;
  float fps = 30.0f;
  float duration_s = 0.0f;
  double playhead_s = 0.0;
  std::string_view joint;  // its name; empty: none selected
};

// Kept by the viewer between frames, with what was drawn last (for tests and scripted clicks).
struct CurveViewState {
  bool open = false;
  CurveChannels channels = CurveChannels::Translation;
  double t0_s = 0.0, t1_s = 0.0;    // the visible time range; reset to the clip's on a new clip
  float range_of_duration = -1.0f;  // the clip duration that range was made for
  bool scrubbing = false;
  // Drawn in the last frame: the plot's axes, the playhead's x, the key dots (each component's),
  // the pop marks' x (speed views); drawn is false when there was nothing to plot.
  bool drawn = false;
  CurveAxes axes;
  float playhead_x = 0.0f;
  std::vector<glm::vec2> key_dots;
  std::vector<float> pop_xs;
};

// Draws the "Curves" window while state.open. Returns the frame-snapped time to seek to while the
// plot is clicked or dragged with the left button, or a negative value.
double draw_curve_view(CurveViewState& state, const CurveViewData& data);

}  // namespace ui
