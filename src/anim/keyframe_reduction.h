#pragma once
// Keyframe reduction: drops the keys of linear tracks that linear interpolation between the
// remaining keys reproduces within a stated error, to shrink clip storage (an import-time step,
// not per frame).

#include <cstddef>

#include "anim/clip.h"

namespace anim {

// The largest error allowed at any original key time, per channel.
struct KeyReductionTolerance {
  float translation_m = 1e-4f;  // distance, model units (metres)
  float rotation_rad = 1e-4f;   // angle between the original and the reduced rotation
  float scale = 1e-4f;          // largest per-axis difference
};

// A copy of clip whose Linear tracks keep only the keys needed so that, at every original key
// time, the reduced track is within tolerance of the original (Ramer-Douglas-Peucker on the key
// sequence; the first and last keys always stay). Between original keys the linear original and
// the linear reduced track are both straight, so the bound holds there too (for rotations up to
// nlerp's own non-linearity). Step and CubicSpline tracks are copied unchanged. A negative or
// non-finite tolerance keeps every key.
Clip reduce_keyframes(const Clip& clip, const KeyReductionTolerance& tolerance = {});

// One Linear track reduced the same way, within tolerance: the distance between vectors, or
// with per_axis their largest per-axis difference; the angle between rotations. Tracks of other
// interpolations, or of fewer than three keys, come back unchanged.
Vec3Track reduce_track(const Vec3Track& track, float tolerance, bool per_axis);
QuatTrack reduce_track(const QuatTrack& track, float tolerance_rad);

// Bytes the keys of a clip occupy (key times and values; container overhead excluded).
std::size_t clip_key_bytes(const Clip& clip);

}  // namespace anim
