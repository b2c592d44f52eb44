#pragma once
// SQT transform: the local (parent-relative) state of one joint. Units: metres, radians.
// Conventions: glm quaternions (w, x, y, z constructor order; xyzw storage with
// GLM_FORCE_XYZW_ONLY), column vectors, compose(parent, child) = parent * child.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

struct Transform {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 scale{1.0f};

  static Transform identity() { return {}; }
};

// The 4x4 matrix T * R * S.
glm::mat4 to_matrix(const Transform& t);

// Decomposes an affine matrix without shear into T, R, S (scale may be negative on one axis).
Transform from_matrix(const glm::mat4& m);

// parent * child: applies child first, then parent. Exact for uniform scale; with non-uniform
// parent scale the result is the SQT closest to the matrix product (shear is dropped).
Transform compose(const Transform& parent, const Transform& child);

// True when no component of t is NaN or infinite.
bool finite(const Transform& t);

// The transform that undoes t (exact for uniform scale).
Transform inverse(const Transform& t);

// Applies t to a point (inline: foot IK and root motion call it several times a frame).
inline glm::vec3 transform_point(const Transform& t, const glm::vec3& p) {
  return t.translation + t.rotation * (t.scale * p);
}

// Normalized linear interpolation along the shortest arc (q1 is flipped into q0's hemisphere).
glm::quat nlerp(const glm::quat& q0, const glm::quat& q1, float t);

// Spherical linear interpolation along the shortest arc.
glm::quat slerp(const glm::quat& q0, const glm::quat& q1, float t);

}  // namespace anim
