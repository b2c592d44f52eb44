#pragma once
// Several float tracks rewritten on one set of key times with one interpolation, as a file
// format that keys a node's morph weights together (glTF's "weights" channel) needs.

#include <span>
#include <vector>

#include "anim/clip.h"

namespace anim {

// Rewrites tracks on common keys. A null track is constant at its default (defaults[i]); an
// empty track too. When the non-constant tracks share their key times and interpolation they
// are copied unchanged (CubicSpline tangents included). Otherwise, when they are all Step or all
// Linear, each is sampled at the union of their key times (exact: the same curves). Otherwise
// (mixed interpolations, CubicSpline on different keys) each is sampled, Linear, at the union
// of their key times and every frame at fps, which approximates the curves between frames.
// defaults.size() must equal tracks.size(). Every output track has the same times_s.
std::vector<FloatTrack> on_common_keys(std::span<const FloatTrack* const> tracks,
                                       std::span<const float> defaults, float fps);

}  // namespace anim
