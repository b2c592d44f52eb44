#include "anim/blend_space_1d.h"

#include "anim/blend_sample_label.h"

#include <cassert>
#include <cmath>

namespace anim {

std::string validate_thresholds_1d(std::span<const float> thresholds,
                                   std::span<const std::string> clip_names) {
  if (thresholds.empty()) return "the blend space has no samples";
  for (std::size_t i = 0; i < thresholds.size(); ++i) {
    if (!std::isfinite(thresholds[i])) {
      return sample_label(i, clip_names) + " has a threshold that is not a finite number";
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (thresholds[i] == thresholds[j]) {
        return sample_label(j, clip_names) + " and " + sample_label(i, clip_names) +
               " share the threshold " + std::to_string(thresholds[i]);
      }
    }
  }
  return {};
}

std::string validate(const BlendSpace1D& space) {
  if (!(space.min < space.max)) return "the parameter range needs min < max";
  std::vector<float> thresholds;
  std::vector<std::string> clip_names;
  thresholds.reserve(space.samples.size());
  for (const BlendSample1D& sample : space.samples) {
    thresholds.push_back(sample.threshold);
    clip_names.push_back(sample.clip_name);
  }
  return validate_thresholds_1d(thresholds, clip_names);
}

void blend_weights_1d(std::span<const float> thresholds, float x, std::span<float> weights) {
  assert(weights.size() == thresholds.size() && !thresholds.empty());
  // The nearest threshold at or below x and the nearest at or above it, found in one pass so
  // the caller's order is kept and nothing needs sorting.
  int below = -1;
  int above = -1;
  int lowest = 0;
  int highest = 0;
  for (int i = 0; i < static_cast<int>(thresholds.size()); ++i) {
    weights[i] = 0.0f;
    const float t = thresholds[i];
    if (t <= x && (below < 0 || t > thresholds[below])) below = i;
    if (t >= x && (above < 0 || t < thresholds[above])) above = i;
    if (t < thresholds[lowest]) lowest = i;
    if (t > thresholds[highest]) highest = i;
  }
  if (below < 0) {
    weights[lowest] = 1.0f;
  } else if (above < 0) {
    weights[highest] = 1.0f;
  } else if (below == above) {
    weights[below] = 1.0f;
  } else {
    const float f = (x - thresholds[below]) / (thresholds[above] - thresholds[below]);
    weights[below] = 1.0f - f;
    weights[above] = f;
  }
}

}  // namespace anim
