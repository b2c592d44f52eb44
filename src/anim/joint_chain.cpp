#include "anim/joint_chain.h"

#include "anim/fast_math.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/two_bone_ik.h"

namespace anim {

bool JointChain::push(int joint) {
  if (count >= kMaxChainJoints) return false;
  nth(joints, count++) = joint;
  return true;
}

const char* validate(const Skeleton& skeleton, const JointChain& chain, int min_count) {
  if (chain.count < min_count || chain.count > kMaxChainJoints) {
    return "chain: too few or too many joints";
  }
  for (int k = 0; k < chain.count; ++k) {
    const int j = nth(chain.joints, k);
    if (j < 0 || j >= skeleton.joint_count()) return "chain: joint out of range";
    if (k > 0 && nth(skeleton.parents, j) != nth(chain.joints, k - 1)) {
      return "chain: a joint is not the child of the one before it";
    }
  }
  return nullptr;
}

namespace {

// The local rotation that turns a joint (local rotation local_rotation, its parent's model
// rotation parent_rotation) by model_delta in model space.
glm::quat turned_local(const glm::quat& parent_rotation, const glm::quat& model_delta,
                       const glm::quat& local_rotation) {
  return fast::normalize(glm::inverse(parent_rotation) * model_delta * parent_rotation *
                         local_rotation);
}

}  // namespace

void rotate_in_model(const Skeleton& skeleton, std::span<const glm::mat4> model,
                     std::span<Transform> local, int joint, const glm::quat& model_delta) {
  const int parent = nth(skeleton.parents, joint);
  Transform& t = nth(local, joint);
  if (parent == kNoParent) {
    t.rotation = fast::normalize(model_delta * t.rotation);
    return;
  }
  t.rotation = turned_local(model_rotation(nth(model, parent)), model_delta, t.rotation);
}

void pose_chain_to_positions(const Skeleton& skeleton, const JointChain& chain,
                             std::span<const glm::vec3> positions, std::span<Transform> local,
                             std::span<glm::mat4> model) {
  if (chain.count < 1) return;
  const int top_parent = nth(skeleton.parents, chain.joints[0]);
  const glm::mat4 identity(1.0f);
  const glm::mat4* parent_model = top_parent == kNoParent ? &identity : &nth(model, top_parent);
  // The parent's model rotation is carried down the chain (child_model_rotation) rather than
  // taken out of each new matrix.
  glm::quat parent_rotation =
      top_parent == kNoParent ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(*parent_model);
  for (int k = 0; k < chain.count; ++k) {
    const auto j = as_size(nth(chain.joints, k));
    Transform& t = local[j];
    if (k + 1 < chain.count) {
      // Where the joint is and where its bone points, from its parent's final matrix: the
      // joint's own matrix is brought up to date once, after its turn.
      const auto child = as_size(nth(chain.joints, k + 1));
      const glm::vec3 at(*parent_model * glm::vec4(t.translation, 1.0f));
      const glm::vec3 from(*parent_model *
                           glm::vec4(t.rotation * (t.scale * local[child].translation), 0.0f));
      const glm::vec3 to = nth(positions, k + 1) - at;
      const float from_length = glm::length(from), to_length = glm::length(to);
      if (from_length > 1e-7f && to_length > 1e-7f) {
        t.rotation = turned_local(parent_rotation,
                                  rotation_between(from / from_length, to / to_length), t.rotation);
      }
    }
    model[j] = fast::affine_product(*parent_model, fast::to_matrix(t));
    parent_rotation = child_model_rotation(parent_rotation, *parent_model, t, model[j]);
    parent_model = &model[j];
  }
  // The chain's matrices are final; the joints hanging off it follow.
  int next_in_chain = 0;
  for_each_in_subtree(skeleton, chain.joints[0], [&](std::size_t j) {
    if (next_in_chain < chain.count && static_cast<int>(j) == nth(chain.joints, next_in_chain)) {
      ++next_in_chain;
      return;
    }
    const auto parent = as_size(skeleton.parents[j]);
    model[j] = fast::affine_product(model[parent], fast::to_matrix(local[j]));
  });
}

}  // namespace anim
