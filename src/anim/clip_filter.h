#pragma once
// Smoothing a whole clip (noisy motion capture): every joint channel resampled on the clip's
// frame grid and filtered (anim/motion_filter.h), kept as a new clip.

#include <string>

#include "anim/clip.h"
#include "anim/motion_filter.h"

namespace anim {

// clip with each joint channel of three keys or more (stepped ones excepted: their holds are
// meant) resampled at clip.source_fps between its first and last key and filtered, written back
// as linear keys on that grid; rotations filtered without flips. Markers, morph tracks, name and
// timing are kept. A filter that does not validate at source_fps (or kind None) gives an
// unchanged copy; error, when given, then receives the cause.
Clip filter_clip(const Clip& clip, const MotionFilter& filter, std::string* error = nullptr);

}  // namespace anim
