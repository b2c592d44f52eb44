#pragma once
// Stride warping: a locomotion pose made to travel at a speed it was not authored at. When the
// speed asked for (a blend space's input point, or a speed request) differs from the speed the
// blend travels at (its root motion, or the motion synthesised from its feet), each swinging
// foot's distance from the pelvis (a quadruped's front feet: from the chest) along the direction
// of travel is scaled by requested / actual, and each planted foot runs back under the body at
// the requested speed; the pelvis is lowered so the longer strides keep the legs' animated
// extension, and the legs are solved by two-bone IK. The character's root motion is scaled by the
// same ratio by the caller (CharacterInstance), so the feet stay planted in the world. No
// allocation.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/foot_ik.h"
#include "anim/job_result.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct StrideWarpingSettings {
  // The ratio requested / actual is clamped to [min_ratio, max_ratio]: past it the stride would
  // look wrong (a walk stretched into a run), so the feet slide instead.
  float min_ratio = 0.75f;
  float max_ratio = 1.5f;
  // A speed asked of a clip or a motion-matching source (m/s; 0: none). A blend space asks the
  // speed of its input point instead.
  float requested_speed_mps = 0.0f;

  bool operator==(const StrideWarpingSettings&) const = default;
};

// requested / actual clamped to the settings' range; 1 (no warping) when either speed is not
// finite or the actual one is too slow to scale (under 1 cm/s: an idle).
float stride_ratio(float requested_speed_mps, float actual_speed_mps,
                   const StrideWarpingSettings& settings);

// What stride warping carries from one frame to the next, per leg: how far (model space,
// horizontal) the foot is moved from its animated place, and the part of that a swinging foot
// has still to lose. Vectors, not distances along the travel: a travel that wobbles (a root
// that sways) would otherwise turn a planted foot's shift with it. Inactive where warping
// starts: the planted feet start where animated.
struct StrideWarpState {
  bool active = false;
  std::array<glm::vec3, kMaxFootIkLegs> shift{};
  std::array<glm::vec3, kMaxFootIkLegs> residual{};
};

// One frame of stride warping.
struct StrideWarp {
  float ratio = 1.0f;
  glm::vec3 direction{0.0f};  // of travel (model space; its horizontal part is used)
  // How far the animated pose travels this frame (its root motion, model space; the horizontal
  // part is used): the ground runs back under a planted foot by as much.
  glm::vec3 travel{0.0f};
  float dt_s = 0.0f;
  std::span<const bool> planted;  // per leg; empty: no foot planted
};

// Warps local (the animated local pose, corrected in place) by warp.ratio along the travel.
// A swinging foot's distance from the pelvis (a quadruped's front feet: the chest) along the
// travel is scaled by the ratio (a shift left from its last stance fading out with a 0.1 s
// half-life); a planted foot is shifted back by (ratio - 1) * warp.travel each frame, so
// whichever point of its sole rests (the heel, or the ball as the heel lifts) runs back at ratio
// times the ground's speed and stays put in the world when the root motion is scaled by the
// ratio (the caller's part). The pelvis comes down so the longer strides keep the legs'
// animated extension; two-bone IK solves the legs. model holds the model pose of local on entry
// and on return (the legs and the pelvis's subtree alone are updated). A direction without a
// horizontal part or a rig without legs leaves local untouched and the state inactive; legs
// whose foot hangs outside the calf keep their animation. Fails (writing nothing) when local or
// model is not skeleton-sized or the rig's joints are out of range. No allocation.
JobResult warp_stride(const Skeleton& skeleton, const FootIkRig& rig, const StrideWarp& warp,
                      StrideWarpState& state, std::span<Transform> local,
                      std::span<glm::mat4> model);

// warp_stride's first part alone, for a caller whose foot IK places the feet and lowers the
// pelvis until they are reached (solve_foot_ik_on_model's foot_shifts): advances state, whose
// shift then holds each foot's move this frame (zero where warp_stride would leave the pose
// untouched). model holds the model pose of the animated local pose. Fails as warp_stride does.
JobResult stride_foot_shifts(const Skeleton& skeleton, const FootIkRig& rig, const StrideWarp& warp,
                             StrideWarpState& state, std::span<const glm::mat4> model);

}  // namespace anim
