#include "anim/look_at.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {

LookAtRig make_look_at_rig(const Rig& rig, std::span<const glm::mat4> rest_model) {
  LookAtRig out;
  if (rig.head < 0 || as_size(rig.head) >= rest_model.size()) return out;
  const int spine = rig.chest >= 0 ? rig.chest : (rig.spine.empty() ? -1 : rig.spine.back());
  const std::array<int, 3> joints{spine, rig.neck, rig.head};
  const std::array<float, 3> weights{0.2f, 0.3f, 0.5f};
  for (std::size_t i = 0; i < joints.size(); ++i) {
    if (joints[i] < 0 || (out.joints.count > 0 && joints[i] == out.joints.view().back())) continue;
    nth(out.weights, out.joints.count) = weights[i];
    out.joints.push(joints[i]);
  }
  const glm::quat head = model_rotation(nth(rest_model, rig.head));
  out.aim_axis = glm::normalize(glm::inverse(head) * rig.forward);
  return out;
}

namespace {

const char* validate_look_at(const Skeleton& skeleton, const LookAtRig& rig,
                             const LookAtGoal& goal) {
  if (rig.joints.count < 1 || rig.joints.count > kMaxChainJoints) return "look-at: no joints";
  for (int k = 0; k < rig.joints.count; ++k) {
    const auto i = as_size(k);
    const int j = rig.joints.joints[i];
    if (j < 0 || j >= skeleton.joint_count()) return "look-at: joint out of range";
    if (k > 0 && !is_ancestor(skeleton, rig.joints.joints[i - 1], j)) {
      return "look-at: a joint does not descend from the one before it";
    }
    if (!(rig.weights[i] >= 0.0f)) return "look-at: a weight is negative";
  }
  if (!(nth(rig.weights, rig.joints.count - 1) > 0.0f)) {
    return "look-at: the aiming joint's weight must be positive";
  }
  if (!(goal.limit_rad > 0.0f && goal.limit_rad <= glm::pi<float>())) {
    return "look-at: the limit must be in (0, pi]";
  }
  const glm::vec3& t = goal.target;
  if (!std::isfinite(t.x) || !std::isfinite(t.y) || !std::isfinite(t.z)) {
    return "look-at: the target is not finite";
  }
  return nullptr;
}

// The unit direction of v, or fallback when v is (near) zero.
glm::vec3 direction_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float l = glm::length(v);
  return l > 1e-7f ? v / l : fallback;
}

// The model rotations, before the turns, of each rig joint's parent (into parent_rotation, the
// identity for a root) and of the aiming joint (returned): carried down from joint to child
// (child_model_rotation) where the rig's joints are parent and child.
glm::quat rotations_before(const Skeleton& skeleton, const LookAtRig& rig,
                           std::span<const glm::mat4> model, std::span<const Transform> local,
                           std::array<glm::quat, kMaxChainJoints>& parent_rotation) {
  const glm::mat4 identity(1.0f);
  const auto rotation_of = [&](std::size_t k) {
    const auto j = as_size(rig.joints.joints[k]);
    const int parent = skeleton.parents[j];
    return child_model_rotation(parent_rotation[k],
                                parent == kNoParent ? identity : nth(model, parent), local[j],
                                model[j]);
  };
  for (std::size_t k = 0; k < as_size(rig.joints.count); ++k) {
    const int parent = nth(skeleton.parents, rig.joints.joints[k]);
    if (parent == kNoParent) {
      parent_rotation[k] = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    } else if (k > 0 && parent == rig.joints.joints[k - 1]) {
      parent_rotation[k] = rotation_of(k - 1);
    } else {
      parent_rotation[k] = model_rotation(nth(model, parent));
    }
  }
  return rotation_of(as_size(rig.joints.count - 1));
}

}  // namespace

JobResult run_look_at(const Skeleton& skeleton, const LookAtRig& rig, const LookAtGoal& goal,
                      std::span<Transform> local, std::span<glm::mat4> model) {
  if (const char* e = validate_look_at(skeleton, rig, goal)) return JobResult::fail(e);
  const auto n = as_size(skeleton.joint_count());
  if (local.size() != n || model.size() != n) {
    return JobResult::fail("look-at: local or model is not the skeleton's size");
  }
  const int count = rig.joints.count;
  const auto aim_joint = as_size(rig.joints.joints[count - 1]);
  glm::vec3 eye(model[aim_joint][3]);
  std::array<glm::quat, kMaxChainJoints> parent_rotation_before;
  glm::quat eye_rotation = rotations_before(skeleton, rig, model, local, parent_rotation_before);
  const glm::vec3 aim0 = glm::normalize(eye_rotation * rig.aim_axis);
  // Beyond the limit the goal is a direction (the limit's edge), not the target point.
  const glm::vec3 wanted = direction_or(goal.target - eye, aim0);
  const float angle = std::acos(std::clamp(glm::dot(aim0, wanted), -1.0f, 1.0f));
  const bool clamped = angle > goal.limit_rad;
  const glm::vec3 edge = clamped
                             ? glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f),
                                          rotation_between(aim0, wanted), goal.limit_rad / angle) *
                                   aim0
                             : wanted;
  float remaining = 0.0f;
  for (int k = 0; k < count; ++k) remaining += nth(rig.weights, k);
  // The rigid motion x -> turned * x + moved the earlier turns gave every joint below them, so
  // model is brought up to date once, at the end.
  glm::quat turned(1.0f, 0.0f, 0.0f, 0.0f);
  glm::vec3 moved(0.0f);
  for (int k = 0; k < count; ++k) {
    const auto j = as_size(nth(rig.joints.joints, k));
    const float w = nth(rig.weights, k);
    const float share = remaining > 0.0f ? w / remaining : 1.0f;
    remaining -= w;
    if (share <= 0.0f) continue;
    const glm::vec3 aim = glm::normalize(eye_rotation * rig.aim_axis);
    const glm::vec3 to = clamped ? edge : direction_or(goal.target - eye, aim);
    // The last joint (share 1) takes the whole remaining turn: no arc to interpolate.
    const glm::quat whole = rotation_between(aim, to);
    const glm::quat turn =
        share >= 1.0f ? whole : glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), whole, share);
    const glm::quat parent_rotation = turned * nth(parent_rotation_before, k);
    local[j].rotation =
        glm::normalize(glm::inverse(parent_rotation) * turn * parent_rotation * local[j].rotation);
    // The aiming joint swings about this one: its position and rotation follow.
    const glm::vec3 pivot = turned * glm::vec3(model[j][3]) + moved;
    eye = pivot + turn * (eye - pivot);
    eye_rotation = turn * eye_rotation;
    turned = turn * turned;
    moved = pivot + turn * (moved - pivot);
  }
  return local_to_model_below(skeleton, local, rig.joints.joints[0], model);
}

}  // namespace anim
