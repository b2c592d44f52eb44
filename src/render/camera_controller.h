#pragma once
// Mouse navigation for the orbit camera, with the two presets users bring from their DCC tool.

#include "render/orbit_camera.h"

namespace render {

enum class NavigationPreset {
  Maya,     // Alt+LMB orbit, Alt+MMB pan, Alt+RMB dolly, wheel zoom
  Blender,  // MMB orbit, Shift+MMB pan, Ctrl+MMB or wheel zoom
};

// One frame of pointer input, in pixels.
struct PointerInput {
  float dx = 0.0f;
  float dy = 0.0f;
  float wheel = 0.0f;
  bool left = false;
  bool middle = false;
  bool right = false;
  bool alt = false;
  bool shift = false;
  bool ctrl = false;
};

// Applies the input to the camera by the preset's rules; returns whether the camera moved.
// viewport_height_px scales pan so the point under the cursor roughly follows it.
bool navigate(OrbitCamera& camera, NavigationPreset preset, const PointerInput& input,
              float viewport_height_px);

}  // namespace render
