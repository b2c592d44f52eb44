#include "asset/posed_bounds.h"

#include <algorithm>

namespace asset {
namespace {

void grow(Bounds& b, const glm::vec3& p) {
  b.min = glm::min(b.min, p);
  b.max = glm::max(b.max, p);
}

// The joints' bind-pose positions: where each skinned joint's inverse bind puts it.
Bounds bind_joint_bounds(const anim::Skeleton& skeleton) {
  Bounds b;
  for (const glm::mat4& inverse_bind : skeleton.inverse_bind) {
    if (inverse_bind == glm::mat4(1.0f)) continue;  // not a skinned joint
    grow(b, glm::vec3(glm::inverse(inverse_bind)[3]));
  }
  return b;
}

}  // namespace

Bounds posed_bounds(const Character& character, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world) {
  Bounds posed;
  if (model_pose.size() != static_cast<std::size_t>(character.skeleton.joint_count())) return posed;
  for (const glm::mat4& m : model_pose) grow(posed, glm::vec3(world * m[3]));
  if (posed.empty()) return posed;
  const Bounds mesh = bind_pose_bounds(character);
  const Bounds joints = bind_joint_bounds(character.skeleton);
  glm::vec3 below(0.0f), above(0.0f);
  if (!mesh.empty() && !joints.empty()) {
    below = glm::max(joints.min - mesh.min, glm::vec3(0.0f));
    above = glm::max(mesh.max - joints.max, glm::vec3(0.0f));
  }
  // At least a tenth of the pose's size around the joints: a mesh has some thickness.
  const glm::vec3 margin(0.1f * glm::length(posed.max - posed.min));
  posed.min -= glm::max(below, margin);
  posed.max += glm::max(above, margin);
  return posed;
}

}  // namespace asset
