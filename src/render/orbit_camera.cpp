#include "render/orbit_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace render {

glm::vec3 OrbitCamera::eye() const {
  const glm::vec3 offset(std::sin(yaw) * std::cos(pitch), std::sin(pitch),
                         std::cos(yaw) * std::cos(pitch));
  return target + offset * distance_m;
}

glm::mat4 OrbitCamera::view() const {
  return glm::lookAt(eye(), target, {0.0f, 1.0f, 0.0f});
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  if (orthographic) {
    const float half_height = distance_m * std::tan(0.5f * fov_y);
    const float half_width = half_height * aspect;
    // Depth spans both sides of the eye: nothing in front of the target is cut off.
    return glm::ortho(-half_width, half_width, -half_height, half_height, -far_m, far_m);
  }
  return glm::perspective(fov_y, aspect, near_m, far_m);
}

void OrbitCamera::orbit(float delta_yaw, float delta_pitch) {
  yaw += delta_yaw;
  pitch = std::clamp(pitch + delta_pitch, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx, float dy) {
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  target += (-right * dx + up * dy) * distance_m;
}

void OrbitCamera::dolly(float factor) {
  // Limits at the scale of what was framed last, so a 100 m rig can be zoomed out of.
  distance_m = std::clamp(distance_m * factor, 2.0f * near_m, 0.8f * far_m);
}

void OrbitCamera::frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect) {
  target = 0.5f * (box_min + box_max);
  const glm::vec3 half = glm::max(0.5f * (box_max - box_min), glm::vec3(0.0f));
  // The view's axes, as view() makes them: back points from the target to the eye.
  const glm::vec3 back(std::sin(yaw) * std::cos(pitch), std::sin(pitch),
                       std::cos(yaw) * std::cos(pitch));
  const glm::vec3 right(std::cos(yaw), 0.0f, -std::sin(yaw));  // level, even looking straight down
  const glm::vec3 up = glm::cross(right, -back);
  const float tan_y = std::tan(0.5f * fov_y);
  const float tan_x = tan_y * (aspect > 0.0f ? aspect : 1.0f);
  constexpr float kMargin = 1.1f;  // a tenth of the picture's half-size left around the box
  // Each corner must lie inside the view cone at its own depth (the eye's distance less its
  // offset toward the eye); in an orthographic view the depth does not narrow the view.
  float fit = 0.0f, nearest = 0.0f;
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 d((c & 1) ? half.x : -half.x, (c & 2) ? half.y : -half.y,
                      (c & 4) ? half.z : -half.z);
    const float toward_eye = orthographic ? 0.0f : glm::dot(d, back);
    fit = std::max({fit, toward_eye + kMargin * std::fabs(glm::dot(d, right)) / tan_x,
                    toward_eye + kMargin * std::fabs(glm::dot(d, up)) / tan_y});
    nearest = std::max(nearest, glm::dot(d, back));
  }
  // A point-like box is framed as a sphere of the smallest radius.
  distance_m = std::max(fit, kMinFramedRadius_m / std::sin(0.5f * fov_y) * kMargin);
  // Clip planes for the size framed: a 10 cm prop and a 100 m rig both fit, and the near plane
  // stays in front of the nearest corner.
  near_m = std::clamp(std::min(distance_m * 0.01f, 0.5f * (distance_m - nearest)),
                      0.01f * kMinFramedRadius_m, 1.0f);
  far_m = std::max(500.0f, (distance_m + glm::length(half)) * 20.0f);
}

void look_along(OrbitCamera& camera, AxisView view) {
  camera.orthographic = true;
  switch (view) {
    case AxisView::Front:
      camera.yaw = 0.0f, camera.pitch = 0.0f;
      break;
    case AxisView::Right:
      camera.yaw = 1.5707963f, camera.pitch = 0.0f;
      break;
    case AxisView::Top:
      // Not quite straight down: lookAt's +Y up vector would be parallel to the view.
      camera.yaw = 0.0f, camera.pitch = 1.55f;
      break;
  }
}

void keep_above_ground(OrbitCamera& camera, float ground_y_m, float clearance_m) {
  const float lowest = ground_y_m + std::min(clearance_m, camera.distance_m / 50.0f);
  if (!std::isfinite(lowest) || camera.eye().y >= lowest) return;
  camera.target.y = std::max(camera.target.y, lowest);
  // eye.y = target.y + sin(pitch) * distance: the smallest pitch that puts the eye at lowest.
  const float s = std::clamp((lowest - camera.target.y) / camera.distance_m, -1.0f, 1.0f);
  camera.pitch = std::clamp(std::max(camera.pitch, std::asin(s)), -1.55f, 1.55f);
}

}  // namespace render
