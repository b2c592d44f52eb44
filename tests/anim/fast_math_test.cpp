#include "anim/fast_math.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

namespace anim {
namespace {

#if defined(__SSE2__)
// Every float from 2^-20 to 2^20 in steps of a few ulps (mantissas and exponents both swept):
// 1 / sqrt(x) within the stated 5e-7 of the exact value, relative, in each lane.
TEST(FastInverseSqrt, IsWithinItsStatedRelativeErrorOverTwentyOctavesEitherSide) {
  double largest = 0.0;
  for (float x = std::ldexp(1.0f, -20); x < std::ldexp(1.0f, 20);
       x = std::nextafter(x * (1.0f + 3e-5f), 1e30f)) {
    alignas(16) float lanes[4];
    _mm_store_ps(lanes, fast::inverse_sqrt(_mm_setr_ps(x, 4.0f * x, 0.25f * x, 2.0f * x)));
    const float inputs[4] = {x, 4.0f * x, 0.25f * x, 2.0f * x};
    for (int k = 0; k < 4; ++k) {
      const double exact = 1.0 / std::sqrt(static_cast<double>(inputs[k]));
      largest = std::max(largest, std::fabs(lanes[k] - exact) / exact);
    }
  }
  EXPECT_LT(largest, 5e-7);
  // An exact square's root is exact only to within the estimate: the refinement did run (the
  // estimate alone is off by up to 3.7e-4).
  alignas(16) float four[4];
  _mm_store_ps(four, fast::inverse_sqrt(_mm_set1_ps(4.0f)));
  EXPECT_NEAR(four[0], 0.5f, 0.5f * 5e-7f);
}
#endif

}  // namespace
}  // namespace anim
