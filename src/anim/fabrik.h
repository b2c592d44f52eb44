#pragma once
// FABRIK multi-bone IK (Aristidou and Lasenby, 2011): a chain of any length (a tail, a spine, a
// finger, a paw's leg) reaches for a target by alternating backward passes (the end on the
// target, each joint pulled onto its bone toward the next) and forward passes (the root back in
// place), every bone keeping its length, with optional cones limiting how far each bone may bend
// from the one before it. The solved positions are written back as local rotations. No
// allocation.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/joint_chain.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct FabrikChain {
  JointChain joints;  // from the root of the chain to its end effector, each the child of the last
  // Per joint k: the largest angle (radians) between the bone from k to k + 1 and the bone into k
  // (for the first joint, the bone from its parent, when it has one); 0 or pi and above: free.
  std::array<float, kMaxChainJoints> cone_rad{};
};

struct FabrikGoal {
  glm::vec3 target{0.0f};  // model space, metres
  // Most targets take under 10; a chain folding back near its root can take over 100.
  int max_iterations = 64;
  // Stop when the end is this close to the target, as a fraction of the chain's length.
  float tolerance = 5e-5f;
};

struct FabrikResult {
  float distance_m = 0.0f;  // from the end to the target after the solve
  int iterations = 0;
  bool reached = false;  // within 1e-4 of the chain's length
};

// Solves the chain toward goal.target from the pose in model (the model matrices of local),
// writes the chain's local rotations and brings model up to date below the chain. A target
// beyond the chain's reach straightens the chain toward it (bones never stretch). Fails (writing
// nothing) when the chain does not validate (two joints at least), a cone is negative, the
// target is not finite, max_iterations < 1, or local or model is not the skeleton's size.
JobResult run_fabrik(const Skeleton& skeleton, const FabrikChain& chain, const FabrikGoal& goal,
                     std::span<Transform> local, std::span<glm::mat4> model,
                     FabrikResult* out_result = nullptr);

}  // namespace anim
