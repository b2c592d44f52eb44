#include "anim/active_morph_targets.h"

#include <algorithm>
#include <cmath>

namespace anim {

int select_active_morph_targets(std::span<const float> weights, std::span<int> targets,
                                std::span<float> out_weights, std::size_t* dropped) {
  const std::size_t capacity = std::min(targets.size(), out_weights.size());
  std::size_t count = 0, left_out = 0;
  for (std::size_t t = 0; t < weights.size(); ++t) {
    const float w = weights[t];
    if (w == 0.0f || !std::isfinite(w)) continue;
    if (count < capacity) {
      targets[count] = static_cast<int>(t);
      out_weights[count++] = w;
      continue;
    }
    ++left_out;
    if (capacity == 0) continue;
    // Full: w replaces the smallest kept weight when it is larger (later indices lose ties).
    std::size_t smallest = 0;
    for (std::size_t k = 1; k < count; ++k) {
      const float a = std::abs(out_weights[k]), b = std::abs(out_weights[smallest]);
      if (a < b || (a == b && targets[k] > targets[smallest])) smallest = k;
    }
    if (std::abs(w) > std::abs(out_weights[smallest])) {
      targets[smallest] = static_cast<int>(t);
      out_weights[smallest] = w;
    }
  }
  // Back in index order (insertion sort: at most a few dozen, nearly sorted).
  for (std::size_t i = 1; i < count; ++i) {
    for (std::size_t k = i; k > 0 && targets[k - 1] > targets[k]; --k) {
      std::swap(targets[k - 1], targets[k]);
      std::swap(out_weights[k - 1], out_weights[k]);
    }
  }
  if (dropped != nullptr) *dropped = left_out;
  return static_cast<int>(count);
}

}  // namespace anim
