#pragma once
// What the user toggles about the view; panels edit it, the frame loop reads it.

#include "render/camera_controller.h"

namespace ui {

enum class SkinningChoice { Lbs, DualQuat };

struct ViewSettings {
  bool show_grid = true;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool wireframe = false;
  SkinningChoice skinning = SkinningChoice::Lbs;
  render::NavigationPreset navigation = render::NavigationPreset::Maya;
  bool show_side_panel = true;
  bool show_help = false;
  bool request_quit = false;
  bool request_frame_character = false;
};

// Timings for the overlay, in milliseconds.
struct FrameStats {
  float frame_ms = 0.0f;
  float cpu_update_ms = 0.0f;
  float gpu_ms = 0.0f;
};

}  // namespace ui
