#pragma once
// Stride warping: a locomotion pose made to travel at a speed it was not authored at. When the
// speed asked for (a blend space's input point, or a speed request) differs from the speed the
// blend travels at (its root motion, or the motion synthesised from its feet), each swinging
// foot's distance from the pelvis (a quadruped's front feet: from the chest) along the direction
// of travel is scaled by requested / actual, and each planted foot is pinned where it landed
// while the character moves at the requested speed; the pelvis is lowered so the longer strides
// keep the legs' animated extension, and the legs are solved by two-bone IK. The caller
// (CharacterInstance) moves the character by the step warped_step gives, so the feet stay
// planted in the world. No allocation.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/foot_ik.h"
#include "anim/job_result.h"
#include "anim/play_rate_hold.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct StrideWarpingSettings {
  // The ratio requested / actual (stride times play rate) is clamped to [min_ratio, max_ratio]:
  // past it the motion would look wrong (a walk stretched into a run), so the character goes
  // slower (or faster) than asked instead, and its planted feet stay planted.
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

// The character's step for a frame whose animated pose travels travel (model space) over dt_s:
// the requested speed along the travel's horizontal direction (its height kept). Not the stride
// ratio times the travel: a gait's own speed swings within its cycle (the Knight's walk: 0.6 to
// 1.2 m/s) while the capsule a game moves does not, and the planted feet, pinned, take up the
// difference. travel unchanged when nothing is scaled (as stride_ratio says of mean_speed_mps,
// the animated speed averaged over time) or the travel has no horizontal part.
glm::vec3 warped_step(glm::vec3 travel, float requested_speed_mps, float mean_speed_mps,
                      float dt_s);

// What stride warping carries from one frame to the next, per leg: how far (model space,
// horizontal) the foot is moved from its animated place, the part of that a swinging foot has
// still to lose, and the foot's animated heel and toe points (model space) of the frame before.
// Vectors, not distances along the travel: a travel that wobbles (a root that sways) would
// otherwise turn a planted foot's shift with it. Inactive where warping starts: the planted feet
// start where animated, as if they had run back with the clip's ground since the frame before.
// mean_speed_mps: the animated speed averaged over about a cycle (see track_mean_speed), which the
// stride ratio is taken against.
// play_rate: the rate the sources' clock is asked to run at (split_stride's, held over the last
// cycle by rate_hold), from the next frame.
struct StrideWarpState {
  bool active = false;
  float mean_speed_mps = -1.0f;  // negative: none measured yet
  float play_rate = 1.0f;
  PlayRateHold rate_hold;
  std::array<glm::vec3, kMaxFootIkLegs> shift{};
  std::array<glm::vec3, kMaxFootIkLegs> residual{};
  std::array<glm::vec3, kMaxFootIkLegs> last_heel{};
  std::array<glm::vec3, kMaxFootIkLegs> last_toe{};
};

// Folds this frame's animated speed into state.mean_speed_mps (an exponential average with a
// half-life of half a second: a gait's speed swings within its cycle, and the stride ratio must
// not swing with it; the first frame takes the speed as it is) and returns the mean. A speed or
// dt that is not finite leaves the mean unchanged.
float track_mean_speed(StrideWarpState& state, float speed_mps, float dt_s);

// The largest stride ratio (at least 1) with which every planted foot stays within reach_share of
// its leg's length (thigh, calf, ankle) from its hip (lowered as far as warp_stride may) until it
// lifts, the character moving at that ratio times the animated pace. stance_left_m: per leg, the
// animated ground its stance has still to travel (m; not positive: the foot swings, or the end is
// unknown). A foot may always go where its animation takes it. model: the animated pose (model
// space); state: the warp of the frame before (a planted foot's shift). Infinity: none bounds it.
float reachable_stride_ratio(const FootIkRig& rig, const StrideWarpState& state,
                             glm::vec3 direction, std::span<const float> stance_left_m,
                             std::span<const glm::mat4> model, float reach_share);

// A speed ratio (stride_ratio's, the user's clamp applied) split into a stride no longer than
// reach_cap allows and a play rate that makes up the rest, as Unreal pairs stride warping with
// a play-rate clamp: the speed asked is met and the planted feet stay within reach. A ratio
// under 1 is all stride (a shorter stride is always reached).
struct StrideSplit {
  float stride = 1.0f;
  float play_rate = 1.0f;
};
StrideSplit split_stride(float speed_ratio, float reach_cap);

// One frame of stride warping.
struct StrideWarp {
  float ratio = 1.0f;         // a swinging foot's distance from the pelvis is scaled by it
  glm::vec3 direction{0.0f};  // of travel (model space; its horizontal part is used)
  // How far the animated pose travels this frame (its root motion, model space; the horizontal
  // part is used): the clip's own ground, by which a planted foot's point that rests on it (heel
  // or ball) is told from the one that rolls.
  glm::vec3 travel{0.0f};
  // How far the character is moved this frame (warped_step; model space, horizontal part used):
  // a planted foot runs back under it by as much, so it stays where it landed in the world.
  glm::vec3 moved{0.0f};
  float dt_s = 0.0f;
  std::span<const bool> planted;  // per leg; empty: no foot planted
};

// Warps local (the animated local pose, corrected in place) by warp.ratio along the travel.
// A swinging foot's distance from the pelvis (a quadruped's front feet: the chest) along the
// travel is scaled by the ratio (a shift left from its last stance fading out with a 0.1 s
// half-life); a planted foot is pinned: of its heel and toe, the one that moves least against
// the clip's ground (warp.travel) this frame (the heel, or the ball as the heel lifts) is moved
// back by warp.moved from where it was drawn the frame before, whatever the animation did (its
// own slide, a turn of the hips), so it stays put in the world the caller moves the character
// through by warp.moved. The pelvis comes down (at most half the leg) so the longer
// strides keep the legs' animated extension; two-bone IK solves the legs (a foot pinned out of
// reach is left short of its place). model holds the model pose of local on entry and on return
// (the legs and the pelvis's subtree alone are updated). A direction without a horizontal part
// or a rig without legs leaves local untouched and the state inactive; legs whose foot hangs
// outside the calf keep their animation. Fails (writing nothing) when local or model is not
// skeleton-sized or the rig's joints are out of range. No allocation.
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
