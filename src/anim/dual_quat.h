#pragma once
// Unit dual quaternions for rigid transforms (rotation + translation), the representation that
// lets skinning blend joint transforms without the volume loss of linear blending.
// Convention: real = rotation r, dual = 0.5 * (0, t) * r, so a point maps to r p r* + t.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/transform.h"

namespace anim {

struct DualQuat {
  glm::quat real{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat dual{0.0f, 0.0f, 0.0f, 0.0f};

  static DualQuat identity() { return {}; }
};

// The dual quaternion of "rotate by rotation (unit), then translate by translation".
DualQuat dual_quat_from_rigid(const glm::quat& rotation, const glm::vec3& translation);

// The rigid part of t (its scale is ignored).
DualQuat dual_quat_from_transform(const Transform& t);

// The rigid part of an affine matrix: its rotation (columns normalized, as from_matrix) and its
// translation. Scale and shear are dropped; skinning keeps them separately.
DualQuat dual_quat_from_matrix(const glm::mat4& m);

// Divides by the real part's length, making the dual quaternion unit and its dual part
// orthogonal to the real part. Returns the identity for a zero real part.
DualQuat normalize(const DualQuat& dq);

// The translation a unit dual quaternion applies: 2 * dual * conjugate(real).
glm::vec3 translation_of(const DualQuat& dq);

// Applies a unit dual quaternion to a point (rotation then translation) and to a direction or
// normal (rotation only).
glm::vec3 transform_point(const DualQuat& dq, const glm::vec3& p);
glm::vec3 transform_normal(const DualQuat& dq, const glm::vec3& n);

// The composition that applies b, then a (as the product of their matrices, a * b).
DualQuat compose(const DualQuat& a, const DualQuat& b);

// The rigid 4x4 matrix of a unit dual quaternion.
glm::mat4 to_matrix(const DualQuat& dq);

// Dual quaternion linear blending (Kavan et al. 2007): the weighted sum with each quaternion
// flipped into the hemisphere of the first, then normalized. Weights need not sum to one.
// dqs and weights have the same length; an empty or all-zero blend gives the identity.
DualQuat blend(const DualQuat* dqs, const float* weights, int count);

}  // namespace anim
