#pragma once
// The heaviest of a list of weights, found four at a time: a blend space's dominant clip is
// looked up every frame among its samples' weights (17 in the demo's). Inline: a list of fewer
// than four (a 3-clip blend's) takes std::max_element as before, without a call.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace anim {

// The index std::max_element gives for these weights: the first of the largest (a zero of either
// sign counts as the same value), 0 when weights is empty. With SSE, four weights or more are
// searched four at a time, the largest first and then its first place; weights holding a NaN,
// which std::max_element treats by position, take std::max_element itself, as do fewer than four.
inline std::size_t heaviest_weight_index(std::span<const float> weights) {
#if defined(__SSE2__)
  if (const std::size_t n = weights.size(); n >= 4) {
    const float* w = weights.data();
    // The blocks start every four weights, the last one n - 4 (overlapping the one before).
    const auto block = [n](std::size_t i) { return std::min(i, n - 4); };
    __m128 largest = _mm_loadu_ps(w);
    __m128 unordered = _mm_cmpunord_ps(largest, largest);
    for (std::size_t i = 4; i < n; i += 4) {
      const __m128 v = _mm_loadu_ps(w + block(i));
      largest = _mm_max_ps(largest, v);
      unordered = _mm_or_ps(unordered, _mm_cmpunord_ps(v, v));
    }
    if (_mm_movemask_ps(unordered) == 0) {
      // Without NaNs the largest is a value of the list in every lane, and std::max_element's
      // answer is the first weight equal to it: a later block starts past the earlier ones'
      // weights, which held no such weight.
      largest = _mm_max_ps(largest, _mm_shuffle_ps(largest, largest, _MM_SHUFFLE(1, 0, 3, 2)));
      largest = _mm_max_ps(largest, _mm_shuffle_ps(largest, largest, _MM_SHUFFLE(2, 3, 0, 1)));
      for (std::size_t i = 0;; i += 4) {
        const std::size_t at = block(i);
        const auto equal =
            static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(_mm_loadu_ps(w + at), largest)));
        if (equal != 0) return at + static_cast<std::size_t>(std::countr_zero(equal));
      }
    }
  }
#endif
  return static_cast<std::size_t>(std::max_element(weights.begin(), weights.end()) -
                                  weights.begin());
}

}  // namespace anim
