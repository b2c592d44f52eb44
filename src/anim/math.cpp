#include "anim/math.h"

namespace anim {

float angle_between(const glm::quat& a, const glm::quat& b) {
  const glm::quat d = glm::conjugate(glm::normalize(a)) * glm::normalize(b);
  return 2.0f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::fabs(d.w));
}

glm::vec3 any_perpendicular(const glm::vec3& v) {
  const glm::vec3 axis = std::fabs(v.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  return glm::normalize(glm::cross(v, axis));
}

glm::quat rotation_between(const glm::vec3& from, const glm::vec3& to) {
  const float d = glm::dot(from, to);
  if (d < -0.999999f) return glm::angleAxis(glm::pi<float>(), any_perpendicular(from));
  return glm::normalize(glm::quat(1.0f + d, glm::cross(from, to)));
}

}  // namespace anim
