#pragma once
// JointChain: a short chain of joints, each the child of the one before it (a tail, a spine, a
// finger), held in a fixed array so that the procedural jobs (spring bones, FABRIK, look-at)
// and the post-process stack copy and store it without allocating. pose_chain_to_positions is
// the write-back they share: it turns the model-space positions a solver chose into local
// rotations.

#include <array>
#include <span>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/index.h"
#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

inline constexpr int kMaxChainJoints = 16;

struct JointChain {
  std::array<int, kMaxChainJoints> joints{};
  int count = 0;

  std::span<const int> view() const { return {joints.data(), as_size(count)}; }
  // Appends joint; false (nothing added) when the chain is full.
  bool push(int joint);
};

// Checks chain against the skeleton: at least min_count joints, indices in range and each joint
// the child of the one before. Returns nullptr when valid, else a static message.
const char* validate(const Skeleton& skeleton, const JointChain& chain, int min_count);

// Rotates joint (by its local rotation) so that its model rotation becomes
// model_delta * (its model rotation), with model holding the model matrices of local. Only
// local[joint] changes.
void rotate_in_model(const Skeleton& skeleton, std::span<const glm::mat4> model,
                     std::span<Transform> local, int joint, const glm::quat& model_delta);

// Turns each joint of chain but the last so that the next joint lands on positions[k + 1]
// (model space, one per chain joint; positions[0] is where the first joint already is): each
// bone keeps its length and turns by the shortest arc from where it points. Then model is
// brought up to date below the chain's first joint. chain must validate; positions must hold
// chain.count points; local and model are the skeleton's size (the caller checks).
void pose_chain_to_positions(const Skeleton& skeleton, const JointChain& chain,
                             std::span<const glm::vec3> positions, std::span<Transform> local,
                             std::span<glm::mat4> model);

}  // namespace anim
