// A clip with only a length and its markers: what phase sync and sync groups read of a clip.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "anim/clip.h"

namespace anim::testing {

inline Clip marked_clip(std::string name, float duration_s, std::vector<Marker> markers = {}) {
  Clip clip;
  clip.name = std::move(name);
  clip.duration_s = duration_s;
  clip.markers = std::move(markers);
  return clip;
}

}  // namespace anim::testing
