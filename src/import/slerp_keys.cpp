#include "import/slerp_keys.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace importer {
namespace {

// nlerp's error grows as the cube of the half angle h between the keys: at most
// kCubicBound * h^3 for every h up to pi / 2, the most there is on the shortest arc (the ratio
// is 0.0321 for small angles and rises to 0.0367 at pi / 2).
constexpr float kCubicBound = 0.0368f;

}  // namespace

float nlerp_error_rad(float angle_rad) {
  const float half = 0.5f * angle_rad;
  return kCubicBound * half * half * half;
}

int insert_slerp_keys(anim::QuatTrack& track, float max_error_rad) {
  if (track.interpolation != anim::Interpolation::Linear || track.times_s.size() < 2 ||
      track.values.size() != track.times_s.size() || !(max_error_rad > 0.0f)) {
    return 0;
  }
  // The largest half angle an interval may span: kCubicBound * h^3 <= max_error_rad.
  const float max_half = std::cbrt(max_error_rad / kCubicBound);
  std::vector<float> times{track.times_s[0]};
  std::vector<glm::quat> values{track.values[0]};
  int inserted = 0;
  for (std::size_t k = 0; k + 1 < track.times_s.size(); ++k) {
    const glm::quat q0 = track.values[k];
    glm::quat q1 = track.values[k + 1];
    if (glm::dot(q0, q1) < 0.0f) q1 = -q1;
    // The half angle, robust near zero (acos of a dot near 1 is not).
    const float half =
        std::atan2(glm::length(glm::vec4(q1.x - q0.x, q1.y - q0.y, q1.z - q0.z, q1.w - q0.w)),
                   glm::length(glm::vec4(q1.x + q0.x, q1.y + q0.y, q1.z + q0.z, q1.w + q0.w))) *
        2.0f;
    const int pieces = half > max_half ? static_cast<int>(std::ceil(half / max_half)) : 1;
    const float t0 = track.times_s[k];
    const float t1 = track.times_s[k + 1];
    for (int p = 1; p < pieces; ++p) {
      const float s = static_cast<float>(p) / static_cast<float>(pieces);
      const float t = t0 + (t1 - t0) * s;
      if (!(t > times.back()) || !(t < t1)) continue;  // keys too close for float time
      times.push_back(t);
      values.push_back(glm::normalize(glm::slerp(q0, q1, s)));
      ++inserted;
    }
    times.push_back(t1);
    values.push_back(q1);
  }
  track.times_s = std::move(times);
  track.values = std::move(values);
  return inserted;
}

}  // namespace importer
