#include "anim/common_keys.h"

#include <algorithm>
#include <cmath>

#include "anim/clip_sampling.h"

namespace anim {
namespace {

bool animated(const FloatTrack* track) {
  return track != nullptr && !track->empty();
}

}  // namespace

std::vector<FloatTrack> on_common_keys(std::span<const FloatTrack* const> tracks,
                                       std::span<const float> defaults, float fps) {
  const FloatTrack* first = nullptr;
  bool same_keys = true, all_step = true, all_linear = true;
  std::vector<float> times;
  for (const FloatTrack* track : tracks) {
    if (!animated(track)) continue;
    if (first == nullptr) first = track;
    same_keys = same_keys && track->times_s == first->times_s &&
                track->interpolation == first->interpolation;
    all_step = all_step && track->interpolation == Interpolation::Step;
    all_linear = all_linear && track->interpolation == Interpolation::Linear;
    times.insert(times.end(), track->times_s.begin(), track->times_s.end());
  }
  std::vector<FloatTrack> out(tracks.size());
  if (first == nullptr) return out;
  Interpolation interpolation = all_step ? Interpolation::Step : Interpolation::Linear;
  if (same_keys) {
    times = first->times_s;
    interpolation = first->interpolation;
  } else if (!all_step && !all_linear && fps > 0.0f) {
    const float end = *std::max_element(times.begin(), times.end());
    for (float f = 0.0f; f / fps < end; f += 1.0f) times.push_back(f / fps);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  const std::size_t per_key = interpolation == Interpolation::CubicSpline ? 3 : 1;
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    out[i].times_s = times;
    out[i].interpolation = interpolation;
    if (same_keys && animated(tracks[i])) {
      out[i].values = tracks[i]->values;
      continue;
    }
    std::uint32_t cursor = 0;
    for (const float t : times) {
      const float v =
          animated(tracks[i]) ? sample_track(*tracks[i], t, cursor, defaults[i]) : defaults[i];
      // A constant under CubicSpline: flat tangents around its value.
      if (per_key == 3) {
        out[i].values.insert(out[i].values.end(), {0.0f, v, 0.0f});
      } else {
        out[i].values.push_back(v);
      }
    }
  }
  return out;
}

}  // namespace anim
