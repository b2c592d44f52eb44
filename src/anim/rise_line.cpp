#include "anim/rise_line.h"

#include <cmath>

namespace anim {

RiseLine fit_rise_line(std::span<const glm::vec2> samples) {
  if (samples.empty()) return {};
  const float n = static_cast<float>(samples.size());
  glm::vec2 mean{0.0f};
  for (const glm::vec2& p : samples) mean += p;
  mean /= n;
  float spread = 0.0f;  // sum of (s - mean s)^2
  float covariance = 0.0f;
  for (const glm::vec2& p : samples) {
    const glm::vec2 d = p - mean;
    spread += d.x * d.x;
    covariance += d.x * d.y;
  }
  RiseLine line;
  // Feet within a millimetre of one another along the body say nothing of its tilt.
  if (spread > 1e-6f * n) line.slope = covariance / spread;
  line.offset_m = mean.y - line.slope * mean.x;
  return line;
}

}  // namespace anim
