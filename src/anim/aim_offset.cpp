#include "anim/aim_offset.h"

#include <cmath>

#include <glm/gtc/constants.hpp>

#include "anim/index.h"
#include "anim/transform.h"

namespace anim {

AimAngles aim_angles(const glm::vec3& from, const glm::vec3& target, const glm::vec3& forward,
                     const glm::vec3& up) {
  const glm::vec3 level = glm::normalize(forward - glm::dot(forward, up) * up);
  const glm::vec3 left = glm::cross(up, level);
  const glm::vec3 d = target - from;
  const float ahead = glm::dot(d, level), aside = glm::dot(d, left), above = glm::dot(d, up);
  const float degrees = 180.0f / glm::pi<float>();
  AimAngles out;
  if (ahead != 0.0f || aside != 0.0f) out.yaw_deg = std::atan2(aside, ahead) * degrees;
  if (d != glm::vec3(0.0f)) out.pitch_deg = std::atan2(above, std::hypot(ahead, aside)) * degrees;
  return out;
}

AimAngles look_at_aim_angles(const Skeleton& skeleton, const LookAtRig& rig,
                             const glm::vec3& target) {
  if (rig.joints.count < 1) return {};
  const int aim = nth(rig.joints.joints, rig.joints.count - 1);
  if (aim < 0 || aim >= skeleton.joint_count()) return {};
  // The aiming joint's rest model matrix, from its ancestors' rest transforms.
  glm::mat4 rest(1.0f);
  for (int j = aim; j != kNoParent; j = nth(skeleton.parents, j)) {
    rest = to_matrix(nth(skeleton.rest_pose, j)) * rest;
  }
  const glm::vec3 forward = glm::normalize(glm::mat3(rest) * rig.aim_axis);
  return aim_angles(glm::vec3(rest[3]), target, forward, glm::vec3(0.0f, 1.0f, 0.0f));
}

}  // namespace anim
