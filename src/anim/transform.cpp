#include "anim/transform.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <glm/gtc/matrix_transform.hpp>

namespace anim {

glm::mat4 to_matrix(const Transform& t) {
  glm::mat4 m = glm::mat4_cast(t.rotation);
  m[0] *= t.scale.x;
  m[1] *= t.scale.y;
  m[2] *= t.scale.z;
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

Transform from_matrix(const glm::mat4& m) {
  Transform t;
  t.translation = glm::vec3(m[3]);
  glm::vec3 axes[3] = {glm::vec3(m[0]), glm::vec3(m[1]), glm::vec3(m[2])};
  t.scale = {glm::length(axes[0]), glm::length(axes[1]), glm::length(axes[2])};
  // A mirrored basis keeps its handedness in the scale, so the rotation stays proper.
  if (glm::dot(glm::cross(axes[0], axes[1]), axes[2]) < 0.0f) t.scale.x = -t.scale.x;
  glm::mat3 r;
  for (int i = 0; i < 3; ++i) r[i] = t.scale[i] != 0.0f ? axes[i] / t.scale[i] : glm::vec3(0.0f);
  t.rotation = glm::normalize(glm::quat_cast(r));
  return t;
}

Transform compose(const Transform& parent, const Transform& child) {
  Transform out;
  out.translation = parent.translation + parent.rotation * (parent.scale * child.translation);
  out.rotation = glm::normalize(parent.rotation * child.rotation);
  out.scale = parent.scale * child.scale;
  return out;
}

Transform inverse(const Transform& t) {
  Transform out;
  out.rotation = glm::conjugate(t.rotation);
  out.scale = 1.0f / t.scale;
  out.translation = out.rotation * (-t.translation) * out.scale;
  return out;
}

glm::quat nlerp(const glm::quat& q0, const glm::quat& q1, float t) {
  const float sign = glm::dot(q0, q1) < 0.0f ? -1.0f : 1.0f;
  return glm::normalize(q0 * (1.0f - t) + q1 * (sign * t));
}

glm::quat slerp(const glm::quat& q0, const glm::quat& q1, float t) {
  const glm::quat target = glm::dot(q0, q1) < 0.0f ? -q1 : q1;
  // The ends need no arc (IK at full weight asks for them every frame; an arc costs an arccosine
  // and three sines).
  if (t >= 1.0f) return glm::normalize(target);
  if (t <= 0.0f) return glm::normalize(q0);
  return glm::normalize(glm::slerp(q0, target, t));
}

bool finite(const Transform& t) {
  const float values[] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x,
                          t.rotation.y,    t.rotation.z,    t.rotation.w,    t.scale.x,
                          t.scale.y,       t.scale.z};
  return std::all_of(std::begin(values), std::end(values),
                     [](float v) { return std::isfinite(v); });
}

}  // namespace anim
