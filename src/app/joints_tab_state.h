#pragma once
// The left panel's Joints tab between frames: the selection and what it shows, and the instance
// that composes the frames either side of the playhead for its speeds (app/joint_inspection.h).

#include <glm/glm.hpp>

#include "app/probe_frames.h"
#include "ui/joint_inspector.h"

namespace app {

struct JointsTabState {
  ui::JointInspectorState inspector;
  // Also samples the Curves window's curves (app/curve_view_window.h) when its key changes.
  FrameProbe probe;
  // What the inspector's probe last failed for: it fails again every frame, and is reported once.
  ProbeKey reported_failure;
  glm::vec2 tab_center{0.0f};  // where the tab is (window pixels, for scripted clicks)
};

}  // namespace app
