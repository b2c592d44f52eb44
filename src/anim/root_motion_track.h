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
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/key_interval.h"
#include "anim/root_motion_settings.h"
#include "anim/skeleton.h"

namespace anim {

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
  // Whether heading_times_s equals position_times_s (as a clip keyed on whole frames has them):
  // the interval found for the position is then the heading's, and at() searches once.
  bool shared_key_times = false;

  // What settings extract at time_s (clamped to the track's keys), searching from cursors[0]
  // (positions) and cursors[1] (rotations, unless the times are shared), which it moves to the
  // intervals found. Inline: extraction reads it for every clip of a blend, every frame.
  RootHeading at(float time_s, const RootMotionSettings& settings,
                 std::array<std::uint32_t, 3>& cursors) const;

 private:
  // Where t falls among a channel's key times: interval k (keys k and k + 1) and the fraction s
  // of t through it, as clip sampling measures them; at or before the first key s = 0 of the
  // first interval, at or after the last s = 1 of the last. A single key is interval 0 at s = 0.
  struct KeyPosition {
    std::size_t k = 0;
    float s = 0.0f;
  };
  static KeyPosition locate(const std::vector<float>& times, float t, std::uint32_t& cursor);
};

// The track of clip's joint of skeleton, which joint_to_track maps to its clip track (bind_clip's
// map), measured in the joint's rest frame (root_rest_frame). Allocates: built once per bound
// clip. Empty (joint -1) for a joint outside the skeleton; not exact for a joint with
// cubic-spline translation or rotation keys.
RootMotionTrack make_root_motion_track(const Clip& clip, std::span<const int> joint_to_track,
                                       const Skeleton& skeleton, int joint);

inline RootMotionTrack::KeyPosition RootMotionTrack::locate(const std::vector<float>& times,
                                                            float t, std::uint32_t& cursor) {
  const std::size_t keys = times.size();
  if (keys < 2 || !(t > times[0])) return {};
  if (t >= times[keys - 1]) return {keys - 2, 1.0f};
  const auto holds = [&](std::size_t k) {
    return k + 1 < keys && times[k] <= t && t < times[k + 1];
  };
  // The cursor's interval, then the next two (playback moved on by a key, or by two where keys
  // come at twice the frame rate, as the demo's 120 Hz keys do), before a search.
  if (!holds(cursor)) {
    const std::size_t next = std::size_t{cursor} + 1;
    cursor = holds(next)       ? cursor + 1
             : holds(next + 1) ? cursor + 2
                               : find_key_interval(times, t, cursor);
  }
  const std::size_t k = cursor;
  return {k, (t - times[k]) / (times[k + 1] - times[k])};
}

inline RootHeading RootMotionTrack::at(float time_s, const RootMotionSettings& settings,
                                       std::array<std::uint32_t, 3>& cursors) const {
  RootHeading h;
  const KeyPosition p = locate(position_times_s, time_s, cursors[0]);
  glm::vec3 position;
  if (position_step || position_times_s.size() < 2) {
    position = positions[p.k + (p.s >= 1.0f ? 1 : 0)];
  } else {
    const glm::vec3& a = positions[p.k];
    position = a + (positions[p.k + 1] - a) * p.s;
  }
  h.position = {settings.extract_x ? position.x : 0.0f, settings.extract_y ? position.y : 0.0f,
                settings.extract_z ? position.z : 0.0f};
  if (!settings.extract_yaw) return h;
  // Keys at the same times fall the same way whatever the search started from.
  const KeyPosition r = shared_key_times ? p : locate(heading_times_s, time_s, cursors[1]);
  const float s = heading_step ? (r.s >= 1.0f ? 1.0f : 0.0f) : r.s;
  const HeadingInterval& q = intervals[r.k];
  const float a = (1.0f - s) * (1.0f - s), b = s * s, c = s * (1.0f - s);
  const glm::vec2 forward = a * q.from + b * q.to + c * q.cross;
  const float norm2 = a * q.from_norm2 + b * q.to_norm2 + c * q.twice_dot;
  // The joint's forward is forward / norm2: no heading when that points (nearly) straight up.
  if (std::fabs(forward.x) + std::fabs(forward.y) >= 1e-6f * norm2) {
    h.sin_cos = forward * (1.0f / std::sqrt(forward.x * forward.x + forward.y * forward.y));
  }
  return h;
}

}  // namespace anim
