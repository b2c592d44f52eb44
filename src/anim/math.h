#pragma once
// Small math the animation jobs share: a matrix's position, finiteness checks, the angle between
// two rotations and the shortest-arc rotation between two directions. One definition each, so a
// fix (such as atan2 in place of acos for small angles) reaches every caller.

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

// The translation column of an affine matrix: a joint's position in its matrix's space.
inline glm::vec3 position(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

inline bool finite(float v) {
  return std::isfinite(v);
}
inline bool finite(glm::vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
inline bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
inline bool finite(const glm::quat& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

// The angle (radians, in [0, pi]) of the rotation taking a to b; q and -q count as one rotation.
// From atan2 rather than acos of the dot product, which in float cannot resolve angles below
// about a thousandth of a radian.
float angle_between(const glm::quat& a, const glm::quat& b);

// Any unit vector perpendicular to unit vector v.
glm::vec3 any_perpendicular(const glm::vec3& v);

// The shortest-arc rotation taking unit vector from onto unit vector to (half a turn about a
// perpendicular axis when they are opposite).
glm::quat rotation_between(const glm::vec3& from, const glm::vec3& to);

}  // namespace anim
