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
  distance_m = std::clamp(distance_m * factor, 0.1f, 400.0f);
}

void OrbitCamera::frame(const glm::vec3& box_min, const glm::vec3& box_max) {
  target = 0.5f * (box_min + box_max);
  const float radius = std::max(0.5f * glm::length(box_max - box_min), 0.1f);
  distance_m = radius / std::sin(0.5f * fov_y) * 1.1f;
}

}  // namespace render
