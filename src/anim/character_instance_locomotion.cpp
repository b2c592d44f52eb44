// CharacterInstance: stride and orientation warping toward what is asked, and the feet's
// contacts they read.
#include "anim/character_instance.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/hip_turn_easing.h"
#include "anim/index.h"
#include "anim/math.h"
#include "anim/play_rate_hold.h"
#include "anim/pose.h"

namespace anim {
namespace {

// How near full stretch a planted leg may be asked to reach over its stance: the rest of the
// stretch is the foot IK's and the pelvis's margin (the gait's speed swings within a step).
constexpr float kStrideReachShare = 0.95f;

// The gait cycle's length (s) the play rate is held over where no clip tells it (a walk's).
constexpr float kUnknownCycle_s = 1.0f;

// Where the frame's foot contacts are read: the source's own contacts clip, else the dominant
// clip; null for none.
const Clip* contacts_clip_of(const Clip* contacts_clip, const BoundCharacter& character,
                             int dominant_clip) {
  if (contacts_clip != nullptr) return contacts_clip;
  return dominant_clip >= 0 ? &character.clips[dominant_clip] : nullptr;
}

// How far the character moves (model space, horizontal) so that the hips' turn from
// previous_rad to turn_rad (about the pelvis) leaves the planted legs' hips where they were: a
// body that turns on its stance leg pivots over that leg's hip. Turned about the pelvis instead,
// the hip swings away from a foot planted near full stretch (the Knight's walk turned to 60
// degrees: by 3 cm over a stance) and the pinned foot is dragged. A quadruped's planted front legs
// count too (their shoulders taken as turning with the pelvis): pivoted about the hind hips alone,
// the turn, easing as the walk's travel sways, swung the Fox's shoulders over a planted front paw
// (1.4% of the leg slid a step, asked sideways). model: the pose turned by turn_rad. Zero when no
// foot is planted; of several, their hips' mean is kept.
glm::vec3 stance_pivot_shift(const FootIkRig& rig, std::span<const bool> planted,
                             std::span<const glm::mat4> model, float previous_rad, float turn_rad) {
  glm::vec3 offset(0.0f);
  int count = 0;
  const glm::vec3 pelvis = position(nth(model, rig.pelvis));
  for (std::size_t i = 0; i < rig.legs.size() && i < planted.size(); ++i) {
    if (!planted[i]) continue;
    offset += position(nth(model, rig.legs[i].thigh)) - pelvis;
    ++count;
  }
  if (count == 0) return glm::vec3(0.0f);
  offset.y = 0.0f;
  offset /= static_cast<float>(count);
  const glm::quat back = glm::angleAxis(previous_rad - turn_rad, glm::vec3(0.0f, 1.0f, 0.0f));
  return back * offset - offset;
}

// How much of the gait's cycle the sources played this frame: the dominant clip's playhead moved
// advance_s times its rate over its length (one cycle), or dt_s of kUnknownCycle_s without one.
float cycles_played(const BoundCharacter& character, int dominant_clip, float clip_rate,
                    float advance_s, float dt_s) {
  const float length_s = dominant_clip >= 0 ? character.clips[dominant_clip].duration_s : 0.0f;
  return length_s > 0.0f ? advance_s * clip_rate / length_s : dt_s / kUnknownCycle_s;
}

}  // namespace

bool CharacterInstance::aim_warp(const CharacterSettings& settings, int blend_space, float dt_s) {
  const glm::vec3 actual =
      glm::vec3(root_step_.translation.x, 0.0f, root_step_.translation.z) / dt_s;
  const float actual_speed = glm::length(actual);
  glm::vec3 requested = actual_speed > 0.0f ? actual / actual_speed : glm::vec3(0.0f);
  if (blend_space >= 0 && graph_->blend_spaces[blend_space].one_dimensional) {
    requested *= inputs_[blend_space].x;
  } else if (blend_space >= 0) {
    requested = glm::vec3(inputs_[blend_space].x, 0.0f, inputs_[blend_space].y);
  } else if (const std::optional<glm::vec3> asked = requested_velocity()) {
    requested = glm::vec3(asked->x, 0.0f, asked->z);
  } else if (settings.stride_warping_settings.requested_speed_mps > 0.0f) {
    requested *= settings.stride_warping_settings.requested_speed_mps;
  } else {
    return false;
  }
  warp_direction_ = actual;
  // The hips ease toward the turn asked rather than snap when the direction changes.
  hip_warp_angle_rad_ = settings.orientation_warping
                            ? eased_hip_turn(hip_warp_angle_rad_,
                                             hip_warp_angle(travel_angle(actual, requested),
                                                            settings.orientation_warping_settings),
                                             dt_s)
                            : 0.0f;
  // The stride is scaled against the speed of the gait over its cycle at its authored pace (the
  // sources' clock may run at a play rate), not this frame's; the character moves at the speed
  // asked within the clamp's range (past it the feet slide). limit_stride_to_reach then splits
  // the ratio between the stride and the play rate.
  const float source_rate = source_advance_s_ / dt_s;
  const float mean_speed = source_rate > 0.0f
                               ? track_mean_speed(stride_state_, actual_speed / source_rate, dt_s)
                               : stride_state_.mean_speed_mps;
  stride_warp_ratio_ = settings.stride_warping ? stride_ratio(glm::length(requested), mean_speed,
                                                              settings.stride_warping_settings)
                                               : 1.0f;
  return true;
}

void CharacterInstance::limit_stride_to_reach(const CharacterSettings& settings, float dt_s) {
  // Each planted foot's stance left, as the animated ground it travels at the authored pace.
  std::array<float, kMaxFootIkLegs> stance_left_m{};
  stance_left_m.fill(-1.0f);
  const Clip* clip = contacts_clip_of(contacts_clip_, *character_, dominant_clip_);
  const float mean_speed = stride_state_.mean_speed_mps;
  for (std::size_t i = 0; clip != nullptr && i < rig_.legs.size(); ++i) {
    if (!contacts_[i]) continue;
    const float left_s = contact_time_left(*clip, leg_contact_name(rig_.legs, i), dominant_time_);
    if (left_s > 0.0f) stance_left_m[i] = mean_speed * left_s / dominant_clip_rate_;
  }
  const glm::quat turn = glm::angleAxis(hip_warp_angle_rad_, glm::vec3(0.0f, 1.0f, 0.0f));
  const float cap =
      reachable_stride_ratio(rig_, stride_state_, turn * warp_direction_,
                             {stance_left_m.data(), rig_.legs.size()}, model_, kStrideReachShare);
  StrideSplit split = split_stride(stride_warp_ratio_, cap);
  // The rate is held at the last cycle's peak (play_rate_hold.h); the stride takes the rest of
  // the ratio, never more than the cap's since the held rate is at least the rate the cap needs.
  split.play_rate = hold_play_rate(
      stride_state_.rate_hold, split.play_rate,
      cycles_played(*character_, dominant_clip_, dominant_clip_rate_, source_advance_s_, dt_s));
  split.stride = stride_warp_ratio_ / split.play_rate;
  stride_warp_ratio_ = split.stride;
  stride_state_.play_rate = settings.stride_warping ? split.play_rate : 1.0f;
  // The sources ran at the play rate asked the frame before: the character moves the stride's
  // share of this frame's animated ground, and no faster than asked (a rate that falls back to 1
  // as a long stance ends would otherwise carry the pinned foot out of reach for a frame).
  requested_speed_mps_ =
      mean_speed * std::min(split.stride * std::max(source_advance_s_ / dt_s, 0.0f),
                            split.stride * split.play_rate);
}

JobResult CharacterInstance::warp_locomotion(const CharacterSettings& settings, int blend_space,
                                             float dt_s, bool& model_current) {
  model_current = false;
  // A paused frame (dt 0) has no speed to go by: it keeps the last frame's warp.
  const float previous_turn_rad = hip_warp_angle_rad_;
  if ((!settings.stride_warping && !settings.orientation_warping) || rig_.legs.empty() ||
      (dt_s > 0.0f && !aim_warp(settings, blend_space, dt_s))) {
    stride_warp_ratio_ = 1.0f;
    hip_warp_angle_rad_ = 0.0f;
    warp_direction_ = glm::vec3(0.0f);
    stride_state_ = {};
    return JobResult::ok();
  }
  // The model pose is built once here and kept current by the warps (the legs alone after
  // the pelvis's turn), so foot IK starts from it.
  const glm::quat turn = glm::angleAxis(hip_warp_angle_rad_, glm::vec3(0.0f, 1.0f, 0.0f));
  if (settings.orientation_warping) {
    if (JobResult r = warp_orientation(character_->skeleton, rig_.pelvis, character_->torso,
                                       hip_warp_angle_rad_, settings.orientation_warping_settings,
                                       local_, model_);
        !r) {
      return r;
    }
    root_step_.translation = turn * root_step_.translation;
  } else if (JobResult r = local_to_model(character_->skeleton, local_, model_); !r) {
    return r;
  }
  model_current = true;
  if (settings.stride_warping && dt_s > 0.0f) limit_stride_to_reach(settings, dt_s);
  // Orientation warping alone pins the planted feet too (a stride ratio of 1): the hips' turn
  // changes as the point or the travel's sway does, and would swing them.
  StrideWarp warp;
  warp.ratio = stride_warp_ratio_;
  warp.direction = turn * warp_direction_;
  warp.travel = root_step_.translation;
  warp.moved = settings.stride_warping ? warped_step(warp.travel, requested_speed_mps_,
                                                     stride_state_.mean_speed_mps, dt_s)
                                       : warp.travel;
  warp.dt_s = dt_s;
  warp.planted = {contacts_.data(), rig_.legs.size()};
  if (settings.orientation_warping) {
    warp.moved +=
        stance_pivot_shift(rig_, warp.planted, model_, previous_turn_rad, hip_warp_angle_rad_);
  }
  // Foot IK, when on, moves the feet by the stride's shifts and solves the legs once.
  const JobResult r =
      foot_ik_on(settings)
          ? stride_foot_shifts(character_->skeleton, rig_, warp, stride_state_, model_)
          : warp_stride(character_->skeleton, rig_, warp, stride_state_, local_, model_);
  if (!r) {
    model_current = false;
    return r;
  }
  root_step_.translation = warp.moved;
  return JobResult::ok();
}

void CharacterInstance::update_contacts() {
  contacts_.fill(false);
  const std::size_t legs = rig_.legs.size();
  if (contacts_clip_ == nullptr && dominant_clip_ >= 0) {
    // One of the character's clips: its timelines, measured when bound.
    const std::size_t first = as_size(dominant_clip_) * legs;
    for (std::size_t i = 0; i < legs; ++i) {
      contacts_[i] = contact_timelines_[first + i].planted_at(dominant_time_);
    }
    return;
  }
  const Clip* clip = contacts_clip_of(contacts_clip_, *character_, dominant_clip_);
  if (clip == nullptr) return;
  for (std::size_t i = 0; i < legs; ++i) {
    contacts_[i] = foot_planted_at(*clip, leg_contact_name(rig_.legs, i), dominant_time_);
  }
}

}  // namespace anim
