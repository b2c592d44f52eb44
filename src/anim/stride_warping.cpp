#include "anim/stride_warping.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

constexpr float kMinScaledSpeed_mps = 0.01f;

glm::vec3 joint_position(std::span<const glm::mat4> model, int joint) {
  return glm::vec3(model[static_cast<std::size_t>(joint)][3]);
}

// How far the hip must come down so that a leg whose hip is at hip reaches target with the
// foot no farther from the hip than reach: 0 when it already does, at most the hip's height
// above the target.
float drop_to_reach(glm::vec3 hip, glm::vec3 target, float reach) {
  const float horizontal = glm::length(glm::vec2(target.x - hip.x, target.z - hip.z));
  const float height = hip.y - target.y;
  if (reach <= horizontal) return std::max(0.0f, height);
  return std::max(0.0f, height - std::sqrt(reach * reach - horizontal * horizontal));
}

}  // namespace

float stride_ratio(float requested_speed_mps, float actual_speed_mps,
                   const StrideWarpingSettings& settings) {
  if (!std::isfinite(requested_speed_mps) || !std::isfinite(actual_speed_mps) ||
      actual_speed_mps < kMinScaledSpeed_mps) {
    return 1.0f;
  }
  const float low = std::min(settings.min_ratio, settings.max_ratio);
  const float high = std::max(settings.min_ratio, settings.max_ratio);
  return std::clamp(requested_speed_mps / actual_speed_mps, low, high);
}

JobResult warp_stride(const Skeleton& skeleton, const FootIkRig& rig, float ratio,
                      glm::vec3 direction, std::span<Transform> local, std::span<glm::mat4> model) {
  const int n = skeleton.joint_count();
  if (local.size() != static_cast<std::size_t>(n) || model.size() != local.size()) {
    return JobResult::fail("stride warping: the poses are not skeleton-sized");
  }
  const auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (!rig.legs.empty() && !in_range(rig.pelvis)) {
    return JobResult::fail("stride warping: the pelvis is out of range");
  }
  for (const Leg& leg : rig.legs) {
    if (!in_range(leg.thigh) || !in_range(leg.calf) || !in_range(leg.foot)) {
      return JobResult::fail("stride warping: a leg joint is out of range");
    }
  }
  if (JobResult r = local_to_model(skeleton, local, model); !r) return r;
  const glm::vec2 flat(direction.x, direction.z);
  const float flat_length = glm::length(flat);
  if (rig.legs.empty() || rig.legs.size() > kMaxFootIkLegs || !std::isfinite(ratio) ||
      std::abs(ratio - 1.0f) < 1e-4f || !(flat_length > 1e-6f)) {
    return JobResult::ok();
  }
  const glm::vec3 along(flat.x / flat_length, 0.0f, flat.y / flat_length);

  // 1. Each foot's target: its distance from the pelvis (a quadruped's front feet: the chest)
  //    along the travel scaled, not from its hip, which swings with the pelvis's turn and would
  //    carry that swing into the planted foot; the pelvis comes down by what the
  //    farthest-reaching leg needs to keep its animated extension.
  std::array<glm::vec3, kMaxFootIkLegs> targets{};
  std::array<glm::quat, kMaxFootIkLegs> foot_rotations{};
  float drop = 0.0f;
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const glm::vec3 hip = joint_position(model, leg.thigh);
    const glm::vec3 foot = joint_position(model, leg.foot);
    const glm::vec3 pivot =
        joint_position(model, leg.front && in_range(rig.chest) ? rig.chest : rig.pelvis);
    targets[i] = foot + along * (glm::dot(foot - pivot, along) * (ratio - 1.0f));
    foot_rotations[i] = model_rotation(model[static_cast<std::size_t>(leg.foot)]);
    if (!leg.foot_attached) continue;
    const float length = glm::length(joint_position(model, leg.calf) - hip) +
                         glm::length(foot - joint_position(model, leg.calf));
    const float reach = std::min(glm::length(foot - hip), length);
    drop = std::max(drop, drop_to_reach(hip, targets[i], reach));
  }

  // 2. The pelvis down by drop (model space), expressed in its parent's space.
  if (drop > 0.0f) {
    const int parent = skeleton.parents[static_cast<std::size_t>(rig.pelvis)];
    const glm::vec3 offset(0.0f, -drop, 0.0f);
    local[static_cast<std::size_t>(rig.pelvis)].translation +=
        parent == kNoParent
            ? offset
            : glm::inverse(glm::mat3(model[static_cast<std::size_t>(parent)])) * offset;
    if (JobResult r = local_to_model(skeleton, local, model); !r) return r;
  }

  // 3. Each leg to its target, the knee on its animated side and the foot as animated.
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    if (!leg.foot_attached) continue;
    const glm::vec3 hip = joint_position(model, leg.thigh);
    const glm::vec3 ankle = joint_position(model, leg.foot);
    TwoBoneIkGoal goal;
    goal.target = targets[i];
    goal.pole = joint_position(model, leg.calf) - 0.5f * (hip + ankle) +
                1e-3f * glm::length(ankle - hip) * leg.knee_forward;
    goal.end_rotation = foot_rotations[i];
    goal.rotation_weight = 1.0f;
    goal.soft_fraction = 0.0f;  // the drop made every target reachable: reach it exactly
    if (JobResult r =
            apply_two_bone_ik(skeleton, model, local, {leg.thigh, leg.calf, leg.foot}, goal);
        !r) {
      return r;
    }
  }
  return local_to_model(skeleton, local, model);
}

}  // namespace anim
