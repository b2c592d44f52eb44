#pragma once
// Root motion: the displacement on the ground plane (and optionally height) and the turn about
// +Y (Y-up) that a clip's root joint performs, extracted so that the character's world transform
// moves instead of the pose drifting away from it.

#include <array>
#include <cstdint>
#include <span>

#include "anim/clip.h"
#include "anim/clip_sampling.h"
#include "anim/job_result.h"
#include "anim/root_motion_settings.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

// A root-motion step, relative to the character's heading at the start of the step: translation
// in that heading frame (metres, model units), then yaw (radians, about +Y). Steps compose:
// a then b = {a.translation + rotate_y(a.yaw) * b.translation, a.yaw + b.yaw}.
struct RootMotionDelta {
  glm::vec3 translation{0.0f};
  float yaw_rad = 0.0f;
};

// The model transform of joint's parent with every ancestor at its rest pose: the frame in which
// root motion measures the root joint.
Transform parent_rest_model(const Skeleton& skeleton, int joint);

// The heading of a model-space rotation relative to the root's rest rotation: the angle about +Y
// (radians) of the rest-relative forward (+Z) axis projected on the ground plane. Measuring a
// direction rather than a quaternion component works whatever the joint's own axes are.
float heading_yaw(const glm::quat& rotation, const glm::quat& rest_rotation);

// Composes two consecutive steps (first a, then b) into one.
RootMotionDelta compose(const RootMotionDelta& a, const RootMotionDelta& b);

// The step the root performs when playback goes from time_s to time_s + delta_time_s (unwrapped:
// several loops may be crossed; negative delta plays backwards). For a looping clip each wrap
// adds the displacement of one whole cycle and continues from the clip's start, never snapping
// back; a non-looping clip stops at its ends. settings.root_joint must be a skeleton joint;
// otherwise, or for a zero-length clip, the result is a zero step.
RootMotionDelta extract_root_motion(const Clip& clip, const ClipBinding& binding,
                                    const Skeleton& skeleton, const RootMotionSettings& settings,
                                    float time_s, float delta_time_s);

// Removes the extracted components from a sampled local pose, in place, so the character moves
// in place: the root's extracted translation axes and yaw (in model space, as extracted) are
// replaced by the rest pose's, keeping the rest of its motion (bobbing, pitch, roll). Fails when
// local is not the skeleton's size or root_joint is not a joint.
JobResult remove_root_motion(const Skeleton& skeleton, const RootMotionSettings& settings,
                             std::span<Transform> local);

// The root joint's rest frames that extraction and removal measure against: its parent's model
// transform at rest (parent_rest_model), its inverse, and the root's own model transform at
// rest. They depend on the skeleton and the joint alone, so a player computes them once when it
// is built instead of in every frame's extraction and removal.
struct RootRestFrame {
  Transform parent;
  Transform inverse_parent;
  Transform rest;
  // The same frames as extraction uses them on every sample, so that a sampled root's model
  // position and heading are matrix products instead of quaternion chains: the parent's rotation
  // and scale, its rotation alone, and the root's forward (+Z) at rest in its own frame.
  glm::mat3 parent_linear{1.0f};
  glm::mat3 parent_turn{1.0f};
  glm::vec3 rest_forward{0.0f, 0.0f, 1.0f};
  // Whether parent is the identity (a root joint at the top of the skeleton, or under armature
  // nodes at rest at the origin): removal then skips composing with parent and its inverse,
  // which would only normalize the rotation.
  bool parent_is_identity = false;
};

// root_joint's frames; root_joint must be a joint of skeleton.
RootRestFrame root_rest_frame(const Skeleton& skeleton, int root_joint);

// Where a playing clip's last step ended (its clip time and what was extracted there), so that
// the next step, starting there, samples only its new end: a player keeps one per clip. Steps
// from one end to the next then add up to exactly the travel between the first and last times.
struct RootMotionCursor {
  bool valid = false;
  float time_s = 0.0f;
  glm::vec3 position{0.0f};
  // (sin, cos) of the yaw there, kept so that the next step turns its translation into this
  // heading and measures its turn without trigonometry.
  glm::vec2 heading{0.0f, 1.0f};
  std::array<std::uint32_t, 3> keys{};  // where the next sample's key searches start
};

// extract_root_motion and remove_root_motion with frame, root_rest_frame(skeleton,
// settings.root_joint), given: the same results without measuring the frame again. Extraction
// also takes a cursor: a step starting within 1e-5 s of the cursor's time starts from the
// cursor's sample; the cursor moves to the step's end. When binding's root motion track
// (root_motion_track.h) was measured for settings.root_joint, extraction reads it instead of
// sampling the joint's keys: the same steps within float rounding, at a fraction of the cost.
RootMotionDelta extract_root_motion(const Clip& clip, const ClipBinding& binding,
                                    const Skeleton& skeleton, const RootMotionSettings& settings,
                                    const RootRestFrame& frame, float time_s, float delta_time_s,
                                    RootMotionCursor& cursor);
JobResult remove_root_motion(const Skeleton& skeleton, const RootMotionSettings& settings,
                             const RootRestFrame& frame, std::span<Transform> local);

// The step as a transform of the heading frame at its start: the translation, then the turn.
// accumulate_root_motion(world, step) is compose(world, step_transform(step)).
Transform step_transform(const RootMotionDelta& step);

// Moves the character's world transform by a step: translation rotated into the world by the
// character's current heading, then the turn about +Y. Scale is kept.
Transform accumulate_root_motion(const Transform& world, const RootMotionDelta& step);

}  // namespace anim
