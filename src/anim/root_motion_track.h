#pragma once
// Root motion track: what root-motion extraction reads of one clip's root joint, measured at the
// joint's keys once, when the clip is bound (ClipBinding::root_motion), and shared by every
// instance that plays the clip. Sampling the joint each frame (its keys searched,
// its rotation normalized, both carried through the rest frames and the rotation turned onto the
// ground) becomes a lerp of model-space positions and, for the heading, a quadratic in the
// interval's fraction of three precomputed vectors: the same values as sampling the joint, within
// float rounding.
//
// Why the heading is exact: between keys q0 and q1 the joint's rotation is the normalized
// u = (1 - s) q0 + s q1 (nlerp; q1 negated when nearer), and turning a vector v by it gives
// u v u* / |u|^2 = ((1 - s)^2 q0 v q0* + s^2 q1 v q1* + s (1 - s) (q0 v q1* + q1 v q0*)) / |u|^2,
// a quadratic in s whose three vector coefficients depend on the keys alone. The heading is the
// direction of that vector on the ground, so |u|^2, a positive factor, only decides whether
// there is a heading at all (a forward axis pointing straight up has none).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace anim {

struct RootMotionSettings;  // root_motion.h

// What extraction measures at one time: the root's model-space position (only the extracted
// axes; the others 0) and its heading as the (sin, cos) of its yaw.
struct RootHeading {
  glm::vec3 position{0.0f};
  glm::vec2 sin_cos{0.0f, 1.0f};
};

// The ground forward (x, z) of the rest-relative forward axis as a quadratic over one rotation
// interval: at fraction s, (1 - s)^2 from + s^2 to + s (1 - s) cross, scaled by
// (1 - s)^2 from_norm2 + s^2 to_norm2 + s (1 - s) twice_dot (|u|^2 of the nlerp).
struct HeadingInterval {
  glm::vec2 from{0.0f};
  glm::vec2 to{0.0f};
  glm::vec2 cross{0.0f};
  float from_norm2 = 1.0f;
  float to_norm2 = 1.0f;
  float twice_dot = 2.0f;
};

struct RootMotionTrack {
  // The joint measured (-1: none), and whether its keys could be (not for cubic-spline keys):
  // extraction reads the track only for that joint, and samples the joint otherwise.
  int joint = -1;
  bool exact = false;
  bool position_step = false;  // Step interpolation: a key's value holds until the next key
  bool heading_step = false;
  // The joint's model-space position at each of its translation keys (one, constant, when it
  // has fewer than two).
  std::vector<float> position_times_s;
  std::vector<glm::vec3> positions;
  // Its rotation keys' times (one when constant) and per interval the heading's quadratic
  // (intervals[k] from key k to key k + 1; one degenerate interval for a single key).
  std::vector<float> heading_times_s;
  std::vector<HeadingInterval> intervals;

  // What settings extract at time_s (clamped to the track's keys), searching from cursors[0]
  // (positions) and cursors[1] (rotations), which it moves to the intervals found.
  RootHeading at(float time_s, const RootMotionSettings& settings,
                 std::array<std::uint32_t, 3>& cursors) const;
};

// The track of clip's joint of skeleton, which joint_to_track maps to its clip track (bind_clip's
// map), measured in the joint's rest frame (root_rest_frame). Allocates: built once per bound
// clip. Empty (joint -1) for a joint outside the skeleton; not exact for a joint with
// cubic-spline translation or rotation keys.
RootMotionTrack make_root_motion_track(const Clip& clip, std::span<const int> joint_to_track,
                                       const Skeleton& skeleton, int joint);

}  // namespace anim
