#include "anim/stride_warping.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

constexpr float kMinScaledSpeed_mps = 0.01f;
// The most the pelvis comes down, as a share of the longest leg: the Knight's walk asked 1.3
// times its speed needs 0.4 (its left foot's stance is long); past half the leg it would sit.
constexpr float kMaxDropLegShare = 0.5f;
// The half-lives of the mean animated speed, and of the shift a foot lifts off with beyond its
// scaled place.
constexpr float kMeanSpeedHalfLife_s = 0.5f;
constexpr float kResidualHalfLife_s = 0.1f;

glm::vec3 flat(glm::vec3 v) {
  return {v.x, 0.0f, v.z};
}

glm::vec3 joint_position(std::span<const glm::mat4> model, int joint) {
  return glm::vec3(nth(model, joint)[3]);
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

glm::vec3 warped_step(glm::vec3 travel, float requested_speed_mps, float mean_speed_mps,
                      float dt_s) {
  const float flat_length = glm::length(glm::vec2(travel.x, travel.z));
  if (!std::isfinite(requested_speed_mps) || !std::isfinite(mean_speed_mps) ||
      mean_speed_mps < kMinScaledSpeed_mps || !(flat_length > 1e-7f) || !(dt_s > 0.0f)) {
    return travel;
  }
  const float scale = std::max(requested_speed_mps, 0.0f) * dt_s / flat_length;
  return {travel.x * scale, travel.y, travel.z * scale};
}

float track_mean_speed(StrideWarpState& state, float speed_mps, float dt_s) {
  if (!std::isfinite(speed_mps) || !std::isfinite(dt_s)) return state.mean_speed_mps;
  if (state.mean_speed_mps < 0.0f) {
    state.mean_speed_mps = speed_mps;
  } else {
    const float keep = std::exp2(-std::max(dt_s, 0.0f) / kMeanSpeedHalfLife_s);
    state.mean_speed_mps = keep * state.mean_speed_mps + (1.0f - keep) * speed_mps;
  }
  return state.mean_speed_mps;
}

float reachable_stride_ratio(const FootIkRig& rig, const StrideWarpState& state,
                             glm::vec3 direction, std::span<const float> stance_left_m,
                             std::span<const glm::mat4> model, float reach_share) {
  float cap = std::numeric_limits<float>::infinity();
  const glm::vec3 flat_direction = flat(direction);
  if (!(glm::length(flat_direction) > 1e-6f)) return cap;
  const glm::vec3 along = glm::normalize(flat_direction);
  const std::size_t legs = std::min(rig.legs.size(), stance_left_m.size());
  for (std::size_t i = 0; i < legs; ++i) {
    const Leg& leg = rig.legs[i];
    const float left = stance_left_m[i];
    if (!leg.foot_attached || !(left > 0.0f)) continue;
    const glm::vec3 hip = joint_position(model, leg.thigh);
    const glm::vec3 knee = joint_position(model, leg.calf);
    const glm::vec3 foot = joint_position(model, leg.foot);
    const glm::vec3 pinned = foot + (state.active ? state.shift[i] : glm::vec3(0.0f));
    const float length = glm::length(knee - hip) + glm::length(foot - knee);
    // Where the pinned foot is along the travel (ahead of the hip: positive), and what of the
    // reach its height under the hip (the pelvis lowered as far as warp_stride may) and its
    // sideways offset leave along the travel.
    const float ahead = glm::dot(pinned - hip, along);
    const glm::vec3 side = flat(pinned - hip) - ahead * along;
    const float height = std::max(0.0f, hip.y - pinned.y - kMaxDropLegShare * length);
    const float reach = reach_share * length;
    const float along_reach =
        std::sqrt(std::max(0.0f, reach * reach - height * height - glm::dot(side, side)));
    // At ratio r the foot runs back by r * left before it lifts; the animation's own lift-off
    // (its foot's place now, minus left) is always allowed.
    const float behind = std::max(along_reach, left - glm::dot(foot - hip, along));
    cap = std::min(cap, std::max(1.0f, (ahead + behind) / left));
  }
  return cap;
}

StrideSplit split_stride(float speed_ratio, float reach_cap) {
  if (!std::isfinite(speed_ratio)) return {};
  if (speed_ratio <= 1.0f) return {speed_ratio, 1.0f};
  const float stride =
      std::isnan(reach_cap) ? speed_ratio : std::clamp(reach_cap, 1.0f, speed_ratio);
  return {stride, speed_ratio / stride};
}

namespace {

// How far a planted foot's animation moved it this frame: the move of its heel or its toe,
// whichever moves least against the clip's ground (the point the sole rests on, as the
// foot-slide measure reads it).
glm::vec3 planted_point_move(glm::vec3 heel_move, glm::vec3 toe_move, glm::vec3 ground_step) {
  return glm::length(heel_move + ground_step) <= glm::length(toe_move + ground_step) ? heel_move
                                                                                     : toe_move;
}

// Each foot's shift this frame (see warp_stride), the state advanced.
void advance_shifts(const FootIkRig& rig, const StrideWarp& warp, glm::vec3 along,
                    std::span<const glm::mat4> model, StrideWarpState& state) {
  const float decay = std::exp2(-std::max(warp.dt_s, 0.0f) / kResidualHalfLife_s);
  const glm::vec3 ground_step = flat(warp.travel);
  const glm::vec3 moved = flat(warp.moved);
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const int pivot = leg.front && rig.chest >= 0 ? rig.chest : rig.pelvis;
    const glm::vec3 scaled =
        along * ((warp.ratio - 1.0f) *
                 glm::dot(joint_position(model, leg.foot) - joint_position(model, pivot), along));
    const glm::vec3 heel = heel_point(leg, model);
    const glm::vec3 toe = toe_point(leg, model);
    if (!state.active) {
      // A planted foot starts where it is drawn, as if it had run back with the clip's ground
      // since the frame before (drawn unwarped); a swinging one starts scaled.
      state.shift[i] = glm::vec3(0.0f);
      state.residual[i] = glm::vec3(0.0f);
      state.last_heel[i] = heel + ground_step;
      state.last_toe[i] = toe + ground_step;
    }
    if (i < warp.planted.size() && warp.planted[i]) {
      // Drawn at last + move + shift, it must be at last + shift before - moved.
      state.shift[i] -= moved + planted_point_move(flat(heel - state.last_heel[i]),
                                                   flat(toe - state.last_toe[i]), ground_step);
      state.residual[i] = state.shift[i] - scaled;
    } else {
      state.residual[i] *= decay;
      state.shift[i] = scaled + state.residual[i];
    }
    state.last_heel[i] = heel;
    state.last_toe[i] = toe;
  }
  state.active = true;
}

}  // namespace

JobResult stride_foot_shifts(const Skeleton& skeleton, const FootIkRig& rig, const StrideWarp& warp,
                             StrideWarpState& state, std::span<const glm::mat4> model) {
  const int n = skeleton.joint_count();
  if (model.size() != as_size(n)) {
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
  float longest_leg = 0.0f;
  float largest_shift = 0.0f;
  for (std::size_t i = 0; i < rig.legs.size(); ++i) {
    const Leg& leg = rig.legs[i];
    const glm::vec3 hip = joint_position(model, leg.thigh);
    const glm::vec3 foot = joint_position(model, leg.foot);
    targets[i] = foot + state.shift[i];
    largest_shift = std::max(largest_shift, glm::length(state.shift[i]));
    foot_rotations[i] = model_rotation(nth(model, leg.foot));
    if (!leg.foot_attached) continue;
    const float length = glm::length(joint_position(model, leg.calf) - hip) +
                         glm::length(foot - joint_position(model, leg.calf));
    const float reach = std::min(glm::length(foot - hip), length);
    drop = std::max(drop, drop_to_reach(hip, targets[i], reach));
    longest_leg = std::max(longest_leg, length);
  }
  if (largest_shift < 1e-6f) return JobResult::ok();  // nothing moves (a ratio of 1)
  // A foot pinned far behind (a speed asked well past the stride's) would sit the body down.
  drop = std::min(drop, kMaxDropLegShare * longest_leg);

  // 2. The pelvis down by drop (model space), expressed in its parent's space; a translation
  //    of the pelvis alone moves its whole subtree by as much.
  if (drop > 0.0f) {
    const int parent = nth(skeleton.parents, rig.pelvis);
    const glm::vec3 offset(0.0f, -drop, 0.0f);
    nth(local, rig.pelvis).translation +=
        parent == kNoParent ? offset : glm::inverse(glm::mat3(nth(model, parent))) * offset;
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
    goal.soft_fraction = 0.0f;  // the drop made the targets reachable (unless capped): exactly
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
