#include "anim/clip_filter.h"

#include <cmath>
#include <cstdint>

#include "anim/clip_sampling.h"

namespace anim {
namespace {

// Resamples track on a grid of 1/fps from its first key to its last, filters the values and
// writes them back as linear keys.
template <typename T, typename FilterValues>
void filter_track(Track<T>& track, float fps, FilterValues&& filter_values) {
  if (track.times_s.size() < 3 || track.interpolation == Interpolation::Step) return;
  const float t0 = track.times_s.front();
  const float t1 = track.times_s.back();
  const int count = static_cast<int>(std::lround((t1 - t0) * fps)) + 1;
  if (count < 3) return;
  Track<T> grid;
  grid.interpolation = Interpolation::Linear;
  std::uint32_t cursor = 0;
  for (int i = 0; i < count; ++i) {
    const float t = i + 1 == count ? t1 : t0 + static_cast<float>(i) / fps;
    grid.times_s.push_back(t);
    grid.values.push_back(sample_track(track, t, cursor, T{}));
  }
  filter_values(std::span<T>(grid.values));
  track = std::move(grid);
}

}  // namespace

Clip filter_clip(const Clip& clip, const MotionFilter& filter, std::string* error) {
  Clip out = clip;
  const float fps = clip.source_fps;
  if (filter.kind == MotionFilter::Kind::None) return out;
  if (std::string e = validate_motion_filter(filter, fps); !e.empty()) {
    if (error != nullptr) *error = clip.name + ": " + e;
    return out;
  }
  const auto vectors = [&](std::span<glm::vec3> v) { filter_samples(filter, fps, v); };
  for (JointTrack& track : out.tracks) {
    filter_track(track.translation, fps, vectors);
    filter_track(track.rotation, fps,
                 [&](std::span<glm::quat> q) { filter_rotations(filter, fps, q); });
    filter_track(track.scale, fps, vectors);
  }
  return out;
}

}  // namespace anim
