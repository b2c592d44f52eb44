#include "anim/stride_warping.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/math.h"
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

namespace {

// The half-life of the shift a foot lifts off with beyond its scaled place.
constexpr float kResidualHalfLife_s = 0.1f;

// Each foot's shift this frame (see warp_stride), the state advanced.
void advance_shifts(const FootIkRig& rig, const StrideWarp& warp, glm::vec3 along,
                    std::span<const glm::mat4> model, StrideWarpState& state) {
  const float decay = std::exp2(-std::max(warp.dt_s, 0.0f) / kResidualHalfLife_s);
  const glm::vec3 ground_step(warp.travel.x, 0.0f, warp.travel.z);
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const int pivot = leg.front && rig.chest >= 0 ? rig.chest : rig.pelvis;
    const glm::vec3 scaled =
        along * ((warp.ratio - 1.0f) *
                 glm::dot(joint_position(model, leg.foot) - joint_position(model, pivot), along));
    if (!state.active) {  // a planted foot starts where it is drawn, a swinging one scaled
      state.shift[i] = glm::vec3(0.0f);
      state.residual[i] = glm::vec3(0.0f);
    }
    if (i < warp.planted.size() && warp.planted[i]) {
      state.shift[i] -= (warp.ratio - 1.0f) * ground_step;
      state.residual[i] = state.shift[i] - scaled;
    } else {
      state.residual[i] *= decay;
      state.shift[i] = scaled + state.residual[i];
    }
  }
  state.active = true;
}

}  // namespace

JobResult stride_foot_shifts(const Skeleton& skeleton, const FootIkRig& rig, const StrideWarp& warp,
                             StrideWarpState& state, std::span<const glm::mat4> model) {
  const int n = skeleton.joint_count();
  if (model.size() != static_cast<std::size_t>(n)) {
    return JobResult::fail("stride warping: the poses are not skeleton-sized");
  }
  const auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (!rig.legs.empty() && !in_range(rig.pelvis)) {
    return JobResult::fail("stride warping: the pelvis is out of range");
  }
  if (rig.chest >= n) return JobResult::fail("stride warping: the chest is out of range");
  for (const Leg& leg : rig.legs) {
    if (!in_range(leg.thigh) || !in_range(leg.calf) || !in_range(leg.foot)) {
      return JobResult::fail("stride warping: a leg joint is out of range");
    }
  }
  const glm::vec2 flat(warp.direction.x, warp.direction.z);
  const float flat_length = glm::length(flat);
  if (rig.legs.empty() || rig.legs.size() > kMaxFootIkLegs || !std::isfinite(warp.ratio) ||
      !finite(warp.travel) || !(flat_length > 1e-6f)) {
    state = {};
    return JobResult::ok();
  }
  advance_shifts(rig, warp, glm::vec3(flat.x / flat_length, 0.0f, flat.y / flat_length), model,
                 state);
  return JobResult::ok();
}

JobResult warp_stride(const Skeleton& skeleton, const FootIkRig& rig, const StrideWarp& warp,
                      StrideWarpState& state, std::span<Transform> local,
                      std::span<glm::mat4> model) {
  if (local.size() != model.size()) {
    return JobResult::fail("stride warping: the poses are not skeleton-sized");
  }
  if (JobResult r = stride_foot_shifts(skeleton, rig, warp, state, model); !r) return r;
  if (!state.active) return JobResult::ok();

  // 1. Each foot's target, and how far the pelvis must come down for the farthest-reaching leg
  //    to keep its animated extension.
  std::array<glm::vec3, kMaxFootIkLegs> targets{};
  std::array<glm::quat, kMaxFootIkLegs> foot_rotations{};
  float drop = 0.0f;
  float largest_shift = 0.0f;
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const glm::vec3 hip = joint_position(model, leg.thigh);
    const glm::vec3 foot = joint_position(model, leg.foot);
    targets[i] = foot + state.shift[i];
    largest_shift = std::max(largest_shift, glm::length(state.shift[i]));
    foot_rotations[i] = model_rotation(model[static_cast<std::size_t>(leg.foot)]);
    if (!leg.foot_attached) continue;
    const float length = glm::length(joint_position(model, leg.calf) - hip) +
                         glm::length(foot - joint_position(model, leg.calf));
    const float reach = std::min(glm::length(foot - hip), length);
    drop = std::max(drop, drop_to_reach(hip, targets[i], reach));
  }
  if (largest_shift < 1e-6f) return JobResult::ok();  // nothing moves (a ratio of 1)

  // 2. The pelvis down by drop (model space), expressed in its parent's space; a translation
  //    of the pelvis alone moves its whole subtree by as much.
  if (drop > 0.0f) {
    const int parent = skeleton.parents[static_cast<std::size_t>(rig.pelvis)];
    const glm::vec3 offset(0.0f, -drop, 0.0f);
    local[static_cast<std::size_t>(rig.pelvis)].translation +=
        parent == kNoParent
            ? offset
            : glm::inverse(glm::mat3(model[static_cast<std::size_t>(parent)])) * offset;
    for_each_in_subtree(skeleton, rig.pelvis,
                        [&](std::size_t j) { model[j][3] += glm::vec4(offset, 0.0f); });
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
    if (JobResult r = local_to_model_below(skeleton, local, leg.thigh, model); !r) return r;
  }
  return JobResult::ok();
}

}  // namespace anim
