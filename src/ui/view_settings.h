#pragma once
// What the user toggles about the view; panels edit it, the frame loop reads it. Its base,
// visual::SceneView, is what the renderer and the headless commands read; what is saved with a
// project is that one's base, visual::ViewSettings (the project's view is that same type). What
// the menus and keys ask the viewer to do is not here: they return ui::ViewerCommand.

#include "visual/view_settings.h"

#include "render/camera_controller.h"
#include "render/surface_material.h"
#include "ui/panel_layout.h"

namespace ui {

struct ViewSettings : visual::SceneView {
  bool show_motion_matching = false;  // the Motion matching window (View menu)
  // The foot-slide meter's lines in the stats overlay (slide per step of the clip, the blend
  // point and the transition), and its plot along the timeline (off by default: it covers the
  // view's bottom). The meter runs either way.
  bool show_foot_slide_lines = true;
  bool show_foot_slide_plot = false;
  render::NavigationPreset navigation = render::NavigationPreset::Maya;
  bool show_side_panel = true;
  bool show_help = false;
  // Slow motion of everything that plays (the toolbar's control): frame time is scaled by it.
  float time_scale = 1.0f;
  bool reload_on_change = true;
  // File > Record inputs: the viewer records what the user drives while it is on
  // (app/viewer_recording.h).
  bool record_inputs = false;
};

// Timings for the overlay, in milliseconds.
struct FrameStats {
  float frame_ms = 0.0f;
  float cpu_update_ms = 0.0f;
  float gpu_ms = 0.0f;
};

}  // namespace ui
