#include "anim/keyframe_reduction.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "anim/math.h"

namespace anim {

namespace {

float error_between(const glm::vec3& original, const glm::vec3& reduced, bool per_axis) {
  const glm::vec3 d = glm::abs(original - reduced);
  return per_axis ? std::max({d.x, d.y, d.z}) : glm::length(original - reduced);
}

float error_between(const glm::quat& original, const glm::quat& reduced, bool) {
  return angle_between(original, reduced);
}

glm::vec3 interpolate(const glm::vec3& a, const glm::vec3& b, float s) {
  return a + (b - a) * s;
}
glm::quat interpolate(const glm::quat& a, const glm::quat& b, float s) {
  return nlerp(a, b, s);
}

// Ramer-Douglas-Peucker over the keys of one linear track: keep[k] marks the keys that stay.
template <typename T>
Track<T> reduce_linear(const Track<T>& track, float tolerance, bool per_axis) {
  const std::size_t keys = track.times_s.size();
  if (track.interpolation != Interpolation::Linear || keys < 3 || !std::isfinite(tolerance) ||
      tolerance < 0.0f) {
    return track;
  }
  std::vector<bool> keep(keys, false);
  keep.front() = keep.back() = true;
  std::vector<std::pair<std::size_t, std::size_t>> spans = {{0, keys - 1}};
  while (!spans.empty()) {
    const auto [first, last] = spans.back();
    spans.pop_back();
    float worst = -1.0f;
    std::size_t worst_key = first;
    const float t0 = track.times_s[first];
    const float interval = track.times_s[last] - t0;
    for (std::size_t k = first + 1; k < last; ++k) {
      const float s = (track.times_s[k] - t0) / interval;
      const T approx = interpolate(track.values[first], track.values[last], s);
      const float e = error_between(track.values[k], approx, per_axis);
      if (e > worst) {
        worst = e;
        worst_key = k;
      }
    }
    if (worst > tolerance) {
      keep[worst_key] = true;
      spans.push_back({first, worst_key});
      spans.push_back({worst_key, last});
    }
  }
  Track<T> reduced;
  reduced.interpolation = Interpolation::Linear;
  for (std::size_t k = 0; k < keys; ++k) {
    if (!keep[k]) continue;
    reduced.times_s.push_back(track.times_s[k]);
    reduced.values.push_back(track.values[k]);
  }
  return reduced;
}

template <typename T>
std::size_t track_bytes(const Track<T>& track) {
  return track.times_s.size() * sizeof(float) + track.values.size() * sizeof(T);
}

}  // namespace

Vec3Track reduce_track(const Vec3Track& track, float tolerance, bool per_axis) {
  return reduce_linear(track, tolerance, per_axis);
}

QuatTrack reduce_track(const QuatTrack& track, float tolerance_rad) {
  return reduce_linear(track, tolerance_rad, false);
}

Clip reduce_keyframes(const Clip& clip, const KeyReductionTolerance& tolerance) {
  Clip reduced = clip;
  for (JointTrack& track : reduced.tracks) {
    track.translation = reduce_track(track.translation, tolerance.translation_m, false);
    track.rotation = reduce_track(track.rotation, tolerance.rotation_rad);
    track.scale = reduce_track(track.scale, tolerance.scale, true);
  }
  return reduced;
}

std::size_t clip_key_bytes(const Clip& clip) {
  std::size_t bytes = 0;
  for (const JointTrack& t : clip.tracks) {
    bytes += track_bytes(t.translation) + track_bytes(t.rotation) + track_bytes(t.scale);
  }
  return bytes;
}

}  // namespace anim
