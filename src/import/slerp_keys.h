#pragma once
// Slerp keys: makes a Linear rotation track that the runtime samples with nlerp follow the
// slerp path that glTF (and three.js) define, by inserting keys where the two differ.

#include "anim/clip.h"

namespace importer {

// Inserts, into every key interval of track (Linear, one value per key) whose nlerp strays
// from slerp by more than max_error_rad, evenly spaced keys on the slerp path, so that nlerp
// between any two neighbouring keys stays within max_error_rad of the slerp between the
// original keys. Values are taken to the shortest arc first. Returns the number of keys
// inserted. Other interpolations are left alone (Step has no path; CubicSpline is its own).
int insert_slerp_keys(anim::QuatTrack& track, float max_error_rad);

// The largest angle (radians) between nlerp and slerp over one interval whose end rotations
// are angle_rad apart (angle_rad in [0, 2 pi]).
float nlerp_error_rad(float angle_rad);

}  // namespace importer
