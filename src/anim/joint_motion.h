#pragma once
// A joint's motion over a run of frames, as an animator's curve editor reads it: its local
// channels, its rotation as a sign-continuous quaternion and as unwrapped Euler angles, where it
// is in model space, and how fast it moves and turns. The caller fills the sampled values (from
// whatever composes its frames: `animview curves` and the inspector use the same frames as
// `animview pose`); derive_joint_motion fills the rest.

#include <span>

#include "anim/euler.h"
#include "anim/job_result.h"
#include "anim/transform.h"

namespace anim {

struct JointMotionFrame {
  // Sampled, filled by the caller.
  float time_s = 0.0f;
  Transform local;                    // the joint's local (parent-relative) transform
  glm::vec3 model_translation{0.0f};  // the joint's position in model space
  // Derived by derive_joint_motion.
  glm::vec3 euler_deg{0.0f};         // local rotation, unwrapped across the frames, (x, y, z)
  float linear_speed = 0.0f;         // of model_translation, its units per second
  float linear_acceleration = 0.0f;  // of model_translation, its units per second squared
  float angular_speed_deg = 0.0f;    // of the local rotation, degrees per second
};

// The number of frames that sample [t0_s, t1_s] at fps (t0_s, t0_s + 1/fps, ... up to t1_s,
// and t1_s itself when it falls between two), 0 when the range or fps is not valid.
int joint_motion_frame_count(float t0_s, float t1_s, float fps);

// The time of frame i of that sampling (t1_s for the last frame).
float joint_motion_frame_time(float t0_s, float t1_s, float fps, int frame);

// Makes the local rotations sign-continuous (each in the hemisphere of the one before, so a
// curve of its components has no jumps), converts them to Euler angles in order unwrapped from
// frame to frame (anim/euler.h), and fills the speeds by finite differences over the frames'
// times: central inside, one-sided at the ends; the acceleration's magnitude by the second
// difference over each frame's neighbours (the end frames copy theirs). No allocation.
// Fails (writing nothing) when frames' times do not increase.
JobResult derive_joint_motion(std::span<JointMotionFrame> frames, EulerOrder order);

}  // namespace anim
