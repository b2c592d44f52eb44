// Small geometry shared by the retarget map's construction and retarget_pose: model matrices of
// a pose, leg lengths, parents' frames, the pelvis's ground frame.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/rig.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

std::vector<glm::mat4> model_of(const Skeleton& skeleton, std::span<const Transform> local);

// The mean length of the rig's legs in a model pose (hip to knee to ankle).
float leg_length(const Rig& rig, std::span<const glm::mat4> model);

// The parent's model rotation (identity above the root).
glm::quat parent_rotation(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint);

glm::mat4 parent_matrix(const Skeleton& skeleton, std::span<const glm::mat4> model, int joint);

// The pelvis's place on the ground in the target's model: its position across the ground and
// its heading (relative to its rest rotation) as a yaw.
glm::mat4 ground_frame(const glm::vec3& at, const glm::quat& rotation, const glm::quat& rest);

}  // namespace anim
