#pragma once
// Look-at (aim): the head turns its aim axis (the eyes' forward) toward a target, and the neck
// and spine take shares of the turn, so the whole upper body follows as an animator would pose
// it. The total turn is clamped to an angle limit: a target behind the character is looked
// toward as far as the limit allows. No allocation.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/joint_chain.h"
#include "anim/rig.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// The joints that turn, from the lowest (spine) to the aiming one (head), each a descendant of
// the one before (not necessarily its child), with their weights (>= 0, the last > 0): joint k
// takes weights[k] / (sum of weights from k on) of the turn that remains when it is reached, so
// the weights are the shares of the whole turn and the last joint completes it.
struct LookAtRig {
  JointChain joints;  // parent links are not required here, only descent
  std::array<float, kMaxChainJoints> weights{};
  // The aim axis in the last joint's local frame (unit): the character's forward in that frame.
  glm::vec3 aim_axis{0.0f, 0.0f, 1.0f};
};

// The rig's chest (or last spine joint), neck and head with weights 0.2, 0.3 and 0.5 (the joints
// it has), and the aim axis: the rig's forward in the head's rest frame (rest_model, the rest
// pose's model matrices). No joints (count 0) when the rig has no head. Not per frame.
LookAtRig make_look_at_rig(const Rig& rig, std::span<const glm::mat4> rest_model);

struct LookAtGoal {
  glm::vec3 target{0.0f, 1.5f, 1.0f};  // model space, metres
  // The largest turn of the aim axis from where the animation points it (radians, in (0, pi]).
  float limit_rad = 1.2f;
};

// Turns the rig's joints so that its aim axis points from the last joint at goal.target, or,
// when that needs more than goal.limit_rad, turns it by the limit toward the target. Writes the
// joints' local rotations and brings model (the model matrices of local) up to date below the
// first joint. Fails (writing nothing) when the joints are out of range or do not descend from
// each other, a weight is negative or the last is not positive, the limit is not in (0, pi],
// the target is not finite, or local or model is not the skeleton's size.
JobResult run_look_at(const Skeleton& skeleton, const LookAtRig& rig, const LookAtGoal& goal,
                      std::span<Transform> local, std::span<glm::mat4> model);

}  // namespace anim
