#include "render/motion_trail.h"

#include <algorithm>

namespace render {
namespace {

// A cross of three segments through p along the world axes.
void add_cross(LineRenderer& lines, const glm::vec3& p, float half_size_m, const glm::vec4& color) {
  for (int axis = 0; axis < 3; ++axis) {
    glm::vec3 d(0.0f);
    d[axis] = half_size_m;
    lines.add(p - d, p + d, color);
  }
}

}  // namespace

glm::vec3 trail_speed_colour(float speed, float max_speed) {
  const float t = max_speed > 0.0f ? std::clamp(speed / max_speed, 0.0f, 1.0f) : 0.0f;
  return glm::mix(glm::vec3(0.2f, 0.5f, 1.0f), glm::vec3(1.0f, 0.25f, 0.15f), t);
}

void add_motion_trail(LineRenderer& lines, const MotionTrail& trail, float tick_m) {
  const std::size_t n = trail.points.size();
  if (n == 0 || trail.speeds.size() != n || trail.keyed.size() != n) return;
  const float fastest = *std::max_element(trail.speeds.begin(), trail.speeds.end());
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec4 color(trail_speed_colour(trail.speeds[i], fastest), 1.0f);
    if (i > 0) lines.add(trail.points[i - 1], trail.points[i], color);
    add_cross(lines, trail.points[i], trail.keyed[i] ? 2.5f * tick_m : tick_m, color);
  }
  if (trail.playhead >= 0 && static_cast<std::size_t>(trail.playhead) < n) {
    add_cross(lines, trail.points[static_cast<std::size_t>(trail.playhead)], 4.0f * tick_m,
              glm::vec4(1.0f));
  }
}

}  // namespace render
