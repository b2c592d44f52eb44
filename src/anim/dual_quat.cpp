#include "anim/dual_quat.h"

#include <cmath>

namespace anim {

DualQuat dual_quat_from_rigid(const glm::quat& rotation, const glm::vec3& translation) {
  const glm::quat t(0.0f, translation.x, translation.y, translation.z);
  return {rotation, (t * rotation) * 0.5f};
}

DualQuat dual_quat_from_transform(const Transform& t) {
  return dual_quat_from_rigid(glm::normalize(t.rotation), t.translation);
}

DualQuat dual_quat_from_matrix(const glm::mat4& m) {
  glm::mat3 axes(m);
  // A mirrored basis has no rotation; unmirror one axis so the rotation stays proper.
  if (glm::determinant(axes) < 0.0f) axes[0] = -axes[0];
  for (int i = 0; i < 3; ++i) {
    const float length = glm::length(axes[i]);
    axes[i] = length > 0.0f ? axes[i] / length : glm::vec3(0.0f);
  }
  return dual_quat_from_rigid(glm::normalize(glm::quat_cast(axes)), glm::vec3(m[3]));
}

DualQuat normalize(const DualQuat& dq) {
  const float length = glm::length(dq.real);
  if (!(length > 0.0f)) return DualQuat::identity();
  const glm::quat real = dq.real / length;
  glm::quat dual = dq.dual / length;
  // A unit dual quaternion has its dual part orthogonal to its real part.
  dual = dual - real * glm::dot(real, dual);
  return {real, dual};
}

glm::vec3 translation_of(const DualQuat& dq) {
  const glm::quat t = (dq.dual * glm::conjugate(dq.real)) * 2.0f;
  return {t.x, t.y, t.z};
}

glm::vec3 transform_point(const DualQuat& dq, const glm::vec3& p) {
  return dq.real * p + translation_of(dq);
}

glm::vec3 transform_normal(const DualQuat& dq, const glm::vec3& n) {
  return dq.real * n;
}

DualQuat compose(const DualQuat& a, const DualQuat& b) {
  return {a.real * b.real, a.real * b.dual + a.dual * b.real};
}

glm::mat4 to_matrix(const DualQuat& dq) {
  glm::mat4 m = glm::mat4_cast(dq.real);
  m[3] = glm::vec4(translation_of(dq), 1.0f);
  return m;
}

DualQuat blend(const DualQuat* dqs, const float* weights, int count) {
  DualQuat sum{glm::quat(0.0f, 0.0f, 0.0f, 0.0f), glm::quat(0.0f, 0.0f, 0.0f, 0.0f)};
  bool have_pivot = false;
  glm::quat pivot(1.0f, 0.0f, 0.0f, 0.0f);
  for (int i = 0; i < count; ++i) {
    if (weights[i] == 0.0f) continue;
    if (!have_pivot) {
      pivot = dqs[i].real;
      have_pivot = true;
    }
    // Antipodal dual quaternions are the same transform; blending them unaligned cancels out.
    const float w = glm::dot(pivot, dqs[i].real) < 0.0f ? -weights[i] : weights[i];
    sum.real = sum.real + dqs[i].real * w;
    sum.dual = sum.dual + dqs[i].dual * w;
  }
  return normalize(sum);
}

}  // namespace anim
