#pragma once
// Two-bone IK: the analytic solve of a root-mid-end chain (thigh-calf-foot, upper arm-forearm-
// hand) so that the end reaches a target, with the mid joint bending toward a pole direction.
// The solve works on model-space positions; apply_two_bone_ik writes the result into a
// caller-owned local pose. No allocation, no exceptions.

#include <array>
#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// What the chain should do, in model space (metres).
struct TwoBoneIkGoal {
  // Where the end joint should go.
  glm::vec3 target{0.0f};
  // The side the mid joint (knee, elbow) bends toward; only its part perpendicular to the
  // root-target line matters, and it need not be normalized. When that part is (near) zero the
  // chain keeps the plane it is bent in.
  glm::vec3 pole{0.0f, 0.0f, 1.0f};
  // 0 leaves the chain as animated, 1 reaches the target; in between the rotations are
  // interpolated from the animated ones.
  float position_weight = 1.0f;
  // The model-space rotation the end joint should take (a foot aligned to the ground), blended
  // in by rotation_weight (0 keeps the end's animated rotation relative to its parent chain).
  glm::quat end_rotation{1.0f, 0.0f, 0.0f, 0.0f};
  float rotation_weight = 0.0f;
  // Soft reach: beyond (1 - soft_fraction) of the chain's length the reach approaches full
  // extension exponentially instead of stopping at it, so a leg straightening toward a far
  // target slows down smoothly rather than snapping straight (the "hyperextension pop").
  // Targets closer than that, or than the animated root-end distance, are reached exactly (so
  // an animation's own straight leg stays straight). 0 gives a hard clamp at full length.
  float soft_fraction = 0.01f;
};

// The model-space result of a solve. root_delta rotates about the root joint and applies to
// the root and everything below it; mid_delta rotates about the mid joint and applies to the
// mid and everything below it, before root_delta (in the chain's animated frame). So the new
// model rotation of the mid joint is root_delta * mid_delta * (its animated model rotation).
struct TwoBoneIkSolution {
  glm::quat root_delta{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat mid_delta{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 mid{0.0f};  // the mid joint's new position
  glm::vec3 end{0.0f};  // the end joint's new position
  // True when the end reaches the target (within 1e-4 of the chain's length); false when the
  // target was too far or too close and the end stops on the root-target line instead.
  bool reached = false;
};

// Solves the chain with joints at root, mid and end (model space) for goal, with weights
// applied. The mid joint bends in the plane of the root-target line and the pole: the bone
// lengths |mid - root| and |end - mid| are kept, and an unreachable target leaves the end on the
// line from root toward the target at the longest (soft) or shortest reach. The knee's hinge
// axis is kept where the chain is already bent, so an animated knee does not twist.
// Degenerate input (a zero-length bone, a target at the root, a pole along the line, a straight
// chain, non-finite values) never produces NaN: a chain it cannot solve gets identity deltas
// and reached = false.
TwoBoneIkSolution solve_two_bone_ik(const glm::vec3& root, const glm::vec3& mid,
                                    const glm::vec3& end, const TwoBoneIkGoal& goal);

// One chain to solve: its joints' model positions and its goal.
struct TwoBoneIkChain {
  glm::vec3 root{0.0f};
  glm::vec3 mid{0.0f};
  glm::vec3 end{0.0f};
  TwoBoneIkGoal goal;
};

// Solves two chains (a character's two legs) as solve_two_bone_ik solves each, with the same
// operations and so the same results (bit for bit): each solve is a long chain of dependent
// square roots and divisions, and on x86-64 the two run in the lanes of SSE registers, one
// instruction for both chains (elsewhere their steps are interleaved).
std::array<TwoBoneIkSolution, 2> solve_two_bone_ik_pair(
    const std::array<TwoBoneIkChain, 2>& chains);

// The three joints of a chain, as skeleton indices. mid must descend from root and end from
// mid (directly or through twist joints in between).
struct TwoBoneIkJoints {
  int root = -1;
  int mid = -1;
  int end = -1;
};

// Checks joints against the skeleton: indices in range and the descent described above.
// Returns nullptr when valid, otherwise a static message naming the joint.
const char* validate(const Skeleton& skeleton, const TwoBoneIkJoints& joints);

// Solves the chain from model (the model-space matrices of local, e.g. from local_to_model) and
// writes the rotations of the root, mid and end joints into local, so that local_to_model then
// puts the end at the solution. Only those three local rotations change; model is not updated
// (recompute it before reading it again). The solution is written to out_solution when given.
// Fails (writing nothing) when model or local is not the skeleton's size, or joints are invalid.
JobResult apply_two_bone_ik(const Skeleton& skeleton, std::span<const glm::mat4> model,
                            std::span<Transform> local, const TwoBoneIkJoints& joints,
                            const TwoBoneIkGoal& goal, TwoBoneIkSolution* out_solution = nullptr);

// apply_two_bone_ik for two chains of one pose, solved together as solve_two_bone_ik_pair
// solves them: the same local pose as applying the first chain, then the second. A caller that
// has read the model rotations of the roots' parents (as model_rotations reads them from model)
// passes them in root_parent_rotations, and they are not read again. Fails (writing nothing) as
// apply_two_bone_ik does for either chain.
JobResult apply_two_bone_ik_pair(const Skeleton& skeleton, std::span<const glm::mat4> model,
                                 std::span<Transform> local,
                                 const std::array<TwoBoneIkJoints, 2>& joints,
                                 const std::array<TwoBoneIkGoal, 2>& goals,
                                 std::array<TwoBoneIkSolution, 2>* out_solutions = nullptr,
                                 const std::array<glm::quat, 2>* root_parent_rotations = nullptr);

// apply_two_bone_ik_pair for a caller that has checked its input (model and local are the
// skeleton's size, and validate passes both chains, as foot IK checks its rig): the same local
// pose, without the checks. Returns whether each chain reached its target.
std::array<bool, 2> apply_validated_two_bone_ik_pair(
    const Skeleton& skeleton, std::span<const glm::mat4> model, std::span<Transform> local,
    const std::array<TwoBoneIkJoints, 2>& joints, const std::array<TwoBoneIkGoal, 2>& goals,
    const std::array<glm::quat, 2>* root_parent_rotations = nullptr);

// The rotation part of a model-space matrix (columns normalized, so uniform scale is ignored).
glm::quat model_rotation(const glm::mat4& m);

// model_rotation of the matrices of four joints of model (the identity for kNoParent), in the
// lanes of SSE registers where the processor has them: the same operations, so the same
// quaternions, bit for bit. Foot IK reads its feet and hips together.
std::array<glm::quat, 4> model_rotations(std::span<const glm::mat4> model,
                                         const std::array<int, 4>& joints);

// The model rotation of a joint (local transform local, model matrix model) whose parent has
// model matrix parent_model and model rotation parent_rotation: parent_rotation * local.rotation
// when neither the parent's matrix nor the joint carries scale (a product instead of
// model_rotation's conversion), else model_rotation(model).
glm::quat child_model_rotation(const glm::quat& parent_rotation, const glm::mat4& parent_model,
                               const Transform& local, const glm::mat4& model);

}  // namespace anim
