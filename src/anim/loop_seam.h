#pragma once
// Loop seam and root motion of a clip, for the clip browser: does the last pose meet the first
// one (so the clip loops without a pop), and does the root travel (so the clip carries root
// motion)? Measured once per clip when it is loaded, not per frame.

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/job_result.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"

namespace anim {

// What counts as seamless and as travelling. Lengths are in model units (metres after import).
struct LoopSeamSettings {
  // The root joint, and the components of its motion removed from both poses before they are
  // compared: a walk that returns to its first pose one stride further forward loops cleanly once
  // its root motion is applied to the character, so the stride is not a seam.
  RootMotionSettings root_motion;
  // The largest joint position difference (model space) and rotation difference (local, so a
  // pop at the elbow reads as the elbow's angle) that still loop cleanly.
  float position_tolerance_m = 0.01f;
  float rotation_tolerance_rad = 0.0349f;  // 2 degrees
  // The root's ground-plane displacement or turn over the clip above which it carries root
  // motion.
  float root_displacement_threshold_m = 0.05f;
  float root_yaw_threshold_rad = 0.0873f;  // 5 degrees
};

// The measures, and the verdicts the settings give for them. Joint indices are -1 when the
// skeleton has no joints.
struct ClipLoopReport {
  // Largest distance between a joint's model-space position at time 0 and at the duration,
  // both poses with the root motion removed, and the joint where it occurs.
  float seam_position_m = 0.0f;
  int seam_position_joint = -1;
  // Largest angle between a joint's local rotation at time 0 and at the duration (radians).
  float seam_rotation_rad = 0.0f;
  int seam_rotation_joint = -1;
  // The root's ground-plane (XZ) displacement from time 0 to the duration, and its turn about
  // +Y (radians), as extract_root_motion measures them with x, z and yaw extracted.
  float root_displacement_m = 0.0f;
  float root_yaw_rad = 0.0f;
  bool loops_cleanly = true;
  bool has_root_motion = false;
};

// Measures clip, bound to skeleton by binding (from bind_clip), into out. The end pose is sampled
// at the duration itself, not wrapped to 0, whatever the clip's loop flag. Allocates four poses:
// call it when a clip is loaded. Fails, leaving out untouched, when binding was not built for
// this clip and skeleton, when the skeleton's parents and rest pose differ in size, or when
// settings.root_motion.root_joint is not a joint.
JobResult measure_clip_loop(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                            const LoopSeamSettings& settings, ClipLoopReport& out);

}  // namespace anim
