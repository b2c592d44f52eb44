#include "anim/retarget_geometry.h"

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/two_bone_ik.h"

namespace anim {

std::vector<glm::mat4> model_of(const Skeleton& skeleton, std::span<const Transform> local) {
  std::vector<glm::mat4> model(local.size());
  if (!local_to_model(skeleton, local, model)) model.assign(local.size(), glm::mat4(1.0f));
  return model;
}

float leg_length(const Rig& rig, std::span<const glm::mat4> model) {
  float sum = 0.0f;
  int legs = 0;
  for (const Limb& limb : rig.limbs) {
    if (limb.role != LimbRole::Leg || limb.joints.size() < 3) continue;
    const glm::vec3 hip = position(nth(model, limb.joints[0]));
    const glm::vec3 knee = position(nth(model, limb.joints[1]));
    const glm::vec3 ankle = position(nth(model, limb.joints[2]));
    sum += glm::length(knee - hip) + glm::length(ankle - knee);
    ++legs;
  }
  return legs > 0 ? sum / static_cast<float>(legs) : 0.0f;
}

glm::quat parent_rotation(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint) {
  const int p = nth(skeleton.parents, joint);
  return p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(nth(model, p));
}

glm::mat4 parent_matrix(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint) {
  const int p = nth(skeleton.parents, joint);
  return p < 0 ? glm::mat4(1.0f) : nth(model, p);
}

// The pelvis's place on the ground in the target's model: its position across the ground and
// its heading (relative to its rest rotation) as a yaw.
glm::mat4 ground_frame(const glm::vec3& at, const glm::quat& rotation, const glm::quat& rest) {
  const glm::mat4 turn =
      glm::mat4_cast(glm::angleAxis(heading_yaw(rotation, rest), glm::vec3(0.0f, 1.0f, 0.0f)));
  glm::mat4 frame = turn;
  frame[3] = glm::vec4(at.x, 0.0f, at.z, 1.0f);
  return frame;
}

}  // namespace anim
