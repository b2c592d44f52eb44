#include "render/camera_controller.h"

#include <cmath>

namespace render {
namespace {
constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kDollyPerPixel = 0.01f;
constexpr float kZoomPerWheelStep = 0.88f;

enum class Gesture { None, Orbit, Pan, Dolly };

Gesture gesture_for(NavigationPreset preset, const PointerInput& in) {
  if (preset == NavigationPreset::Maya) {
    if (!in.alt) return Gesture::None;
    if (in.left) return Gesture::Orbit;
    if (in.middle) return Gesture::Pan;
    if (in.right) return Gesture::Dolly;
    return Gesture::None;
  }
  if (!in.middle) return Gesture::None;
  if (in.shift) return Gesture::Pan;
  if (in.ctrl) return Gesture::Dolly;
  return Gesture::Orbit;
}
}  // namespace

bool navigate(OrbitCamera& camera, NavigationPreset preset, const PointerInput& input,
              float viewport_height_px) {
  bool moved = false;
  if (input.wheel != 0.0f) {
    camera.dolly(std::pow(kZoomPerWheelStep, input.wheel));
    moved = true;
  }
  if (input.dx == 0.0f && input.dy == 0.0f) return moved;
  switch (gesture_for(preset, input)) {
    case Gesture::Orbit:
      camera.orbit(-input.dx * kOrbitRadiansPerPixel, input.dy * kOrbitRadiansPerPixel);
      return true;
    case Gesture::Pan: {
      const float scale = 2.0f * std::tan(0.5f * camera.fov_y) / viewport_height_px;
      camera.pan(input.dx * scale, input.dy * scale);
      return true;
    }
    case Gesture::Dolly:
      camera.dolly(std::exp((input.dy - input.dx) * kDollyPerPixel));
      return true;
    case Gesture::None:
      break;
  }
  return moved;
}

}  // namespace render
