#pragma once
// How faithfully a retargeted clip keeps its source's motion, per chain (the Retarget panel's and
// `animview retarget --report`'s figures): where each limb's end goes against the source's
// scaled by the limbs' lengths, and for legs, how high the planted soles stand against the
// source's (scaled) and how far they slide.

#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/retarget.h"

namespace anim {

struct RetargetChainReport {
  std::string name;  // "left leg", "right arm", "front left leg"
  LimbRole role = LimbRole::Leg;
  // The largest distance, over the frames, between the chain's end (relative to its first joint)
  // and the source chain's end (relative to its first joint, turned to the target's facing and
  // scaled by the chains' length ratio), and the time of that frame.
  float end_error_m = 0.0f;
  float end_error_leg = 0.0f;  // end_error_m as a share of the target's leg
  float end_error_time_s = 0.0f;
  // Legs: while the source's foot is planted, the largest difference between the target's lowest
  // sole point height and the source's (scaled), metres and as a share of the target's leg.
  float planted_height_error_m = 0.0f;
  float planted_height_error_leg = 0.0f;
  // Legs: the mean slide of a planted step as a share of the leg (anim/foot_slide), target and
  // source, in each clip's own model space (the travel the clips carry themselves).
  float slide_per_step_leg = 0.0f;
  float source_slide_per_step_leg = 0.0f;
  int steps = 0;
};

struct RetargetReport {
  std::vector<RetargetChainReport> chains;
  std::string error;  // why no report was made; empty on success
};

// Compares target_clip (retarget_clip(map, source_clip)) with source_clip at the source's frame
// rate. Allocates.
RetargetReport report_retarget(const RetargetMap& map, const Clip& source_clip,
                               const Clip& target_clip);

}  // namespace anim
