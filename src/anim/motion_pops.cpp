#include "anim/motion_pops.h"

#include <algorithm>

namespace anim {

std::vector<float> acceleration_magnitudes(std::span<const glm::vec3> points, float dt_s) {
  const std::size_t n = points.size();
  if (n < 3 || !(dt_s > 0.0f)) return {};
  std::vector<float> acc(n);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    acc[i] = glm::length(points[i + 1] - 2.0f * points[i] + points[i - 1]) / (dt_s * dt_s);
  }
  acc[0] = acc[1];
  acc[n - 1] = acc[n - 2];
  return acc;
}

float pop_threshold(std::span<const float> accelerations, const PopSettings& settings) {
  if (accelerations.empty()) return settings.floor;
  std::vector<float> sorted(accelerations.begin(), accelerations.end());
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  return std::max(settings.median_factor * sorted[sorted.size() / 2], settings.floor);
}

std::vector<Pop> pops_among(std::span<const float> accelerations, std::span<const float> times_s,
                            const PopSettings& settings) {
  if (accelerations.size() != times_s.size()) return {};
  const float threshold = pop_threshold(accelerations, settings);
  const std::span<const float> acc = accelerations;
  std::vector<Pop> pops;
  // The end frames only copy their neighbours' values: no pop of their own.
  for (std::size_t i = 1; i + 1 < acc.size(); ++i) {
    if (acc[i] > threshold && acc[i] >= acc[i - 1] && acc[i] >= acc[i + 1]) {
      pops.push_back({static_cast<int>(i), times_s[i], acc[i]});
    }
  }
  return pops;
}

std::vector<Pop> find_pops(std::span<const glm::vec3> points, float t0_s, float dt_s,
                           const PopSettings& settings) {
  const std::vector<float> acc = acceleration_magnitudes(points, dt_s);
  std::vector<float> times(acc.size());
  for (std::size_t i = 0; i < times.size(); ++i) times[i] = t0_s + static_cast<float>(i) * dt_s;
  return pops_among(acc, times, settings);
}

}  // namespace anim
