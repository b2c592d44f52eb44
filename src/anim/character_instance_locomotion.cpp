// CharacterInstance: stride and orientation warping toward what is asked, and the feet's
// contacts they read.
#include "anim/character_instance.h"

#include <algorithm>
#include <cmath>

#include "anim/foot_contact.h"
#include "anim/ground_motion.h"
#include "anim/hip_turn_easing.h"
#include "anim/pose.h"

namespace anim {

bool CharacterInstance::aim_warp(const CharacterSettings& settings, int blend_space, float dt_s) {
  const glm::vec3 actual =
      glm::vec3(root_step_.translation.x, 0.0f, root_step_.translation.z) / dt_s;
  const float actual_speed = glm::length(actual);
  glm::vec3 requested = actual_speed > 0.0f ? actual / actual_speed : glm::vec3(0.0f);
  if (blend_space >= 0 && graph_->blend_spaces[blend_space].one_dimensional) {
    requested *= inputs_[blend_space].x;
  } else if (blend_space >= 0) {
    requested = glm::vec3(inputs_[blend_space].x, 0.0f, inputs_[blend_space].y);
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
  // The stride is scaled against the speed of the gait over its cycle, not this frame's; the
  // character moves at the speed asked within the stride's range (past it the feet slide).
  const float mean_speed = track_mean_speed(stride_state_, actual_speed, dt_s);
  stride_warp_ratio_ = settings.stride_warping ? stride_ratio(glm::length(requested), mean_speed,
                                                              settings.stride_warping_settings)
                                               : 1.0f;
  requested_speed_mps_ = stride_warp_ratio_ * mean_speed;
  return true;
}

JobResult CharacterInstance::warp_locomotion(const CharacterSettings& settings, int blend_space,
                                             float dt_s, bool& model_current) {
  model_current = false;
  // A paused frame (dt 0) has no speed to go by: it keeps the last frame's warp.
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
  const Clip* clip = contacts_clip_ != nullptr ? contacts_clip_
                     : dominant_clip_ >= 0     ? &character_->clips[dominant_clip_]
                                               : nullptr;
  if (clip == nullptr) return;
  for (std::size_t i = 0; i < rig_.legs.size(); ++i) {
    contacts_[i] = foot_planted_at(*clip, leg_contact_name(rig_.legs, i), dominant_time_);
  }
}

}  // namespace anim
