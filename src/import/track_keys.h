#pragma once
// Appending converted keys to a track while keeping its times strictly increasing.

#include "anim/clip.h"

namespace importer {

// Appends a key; a key at (or, after rounding to float seconds, before) the time of the previous
// one replaces it: assimp emits such pairs for step changes.
template <typename T>
void push_key(anim::Track<T>& track, float time_s, const T& value) {
  if (!track.times_s.empty() && time_s <= track.times_s.back()) {
    track.values.back() = value;
    return;
  }
  track.times_s.push_back(time_s);
  track.values.push_back(value);
}

}  // namespace importer
