#include "anim/joint_chain.h"

#include "anim/fast_math.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {

bool JointChain::push(int joint) {
  if (count >= kMaxChainJoints) return false;
  joints[static_cast<std::size_t>(count++)] = joint;
  return true;
}

const char* validate(const Skeleton& skeleton, const JointChain& chain, int min_count) {
  if (chain.count < min_count || chain.count > kMaxChainJoints) {
    return "chain: too few or too many joints";
  }
  for (int k = 0; k < chain.count; ++k) {
    const int j = chain.joints[static_cast<std::size_t>(k)];
    if (j < 0 || j >= skeleton.joint_count()) return "chain: joint out of range";
    if (k > 0 && skeleton.parents[static_cast<std::size_t>(j)] !=
                     chain.joints[static_cast<std::size_t>(k - 1)]) {
      return "chain: a joint is not the child of the one before it";
    }
  }
  return nullptr;
}

void rotate_in_model(const Skeleton& skeleton, std::span<const glm::mat4> model,
                     std::span<Transform> local, int joint, const glm::quat& model_delta) {
  const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
  Transform& t = local[static_cast<std::size_t>(joint)];
  if (parent == kNoParent) {
    t.rotation = fast::normalize(model_delta * t.rotation);
    return;
  }
  const glm::quat p = model_rotation(model[static_cast<std::size_t>(parent)]);
  t.rotation = fast::normalize(glm::inverse(p) * model_delta * p * t.rotation);
}

void pose_chain_to_positions(const Skeleton& skeleton, const JointChain& chain,
                             std::span<const glm::vec3> positions, std::span<Transform> local,
                             std::span<glm::mat4> model) {
  for (int k = 0; k + 1 < chain.count; ++k) {
    const auto j = static_cast<std::size_t>(chain.joints[static_cast<std::size_t>(k)]);
    const auto child = static_cast<std::size_t>(chain.joints[static_cast<std::size_t>(k + 1)]);
    const glm::vec3 at(model[j][3]);
    // From the joint's own (current) matrix: the child's model matrix is not up to date yet.
    const glm::vec3 from(model[j] * glm::vec4(local[child].translation, 0.0f));
    const glm::vec3 to = positions[static_cast<std::size_t>(k + 1)] - at;
    const float from_length = glm::length(from), to_length = glm::length(to);
    if (from_length > 1e-7f && to_length > 1e-7f) {
      rotate_in_model(skeleton, model, local, static_cast<int>(j),
                      rotation_between(from / from_length, to / to_length));
    }
    // The joint and its chain child anew, so the next bone starts where this one now ends.
    const int parent = skeleton.parents[j];
    const glm::mat4 parent_model =
        parent == kNoParent ? glm::mat4(1.0f) : model[static_cast<std::size_t>(parent)];
    model[j] = parent_model * fast::to_matrix(local[j]);
    model[child] = model[j] * fast::to_matrix(local[child]);
  }
  if (chain.count > 0) (void)local_to_model_below(skeleton, local, chain.joints[0], model);
}

}  // namespace anim
