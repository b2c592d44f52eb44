#pragma once
// Orbit camera: a target point, a distance, and yaw/pitch about it (radians, Y-up).

#include <glm/glm.hpp>

namespace render {

struct OrbitCamera {
  glm::vec3 target{0.0f, 0.9f, 0.0f};
  float distance_m = 4.0f;
  float yaw = 0.6f;     // about +Y; 0 looks along -Z from +Z
  float pitch = 0.25f;  // positive looks down
  float fov_y = 0.7854f;
  float near_m = 0.05f;
  float far_m = 500.0f;

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  void orbit(float delta_yaw, float delta_pitch);
  // Moves the target in the view plane by a fraction of the distance (screen-space deltas).
  void pan(float dx, float dy);
  // Scales the distance: factor > 1 moves away.
  void dolly(float factor);
  // Places the target at the centre of a bounding box and backs off so it fits the view.
  void frame(const glm::vec3& box_min, const glm::vec3& box_max);
};

}  // namespace render
