#include "anim/heaviest_weight.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace anim {
namespace {

std::size_t max_element_index(const std::vector<float>& w) {
  return static_cast<std::size_t>(std::max_element(w.begin(), w.end()) - w.begin());
}

TEST(HeaviestWeightIndex, NamesTheFirstOfTheLargest) {
  EXPECT_EQ(heaviest_weight_index({}), 0u);
  const std::vector<float> three{0.2f, 0.5f, 0.3f};
  EXPECT_EQ(heaviest_weight_index(three), 1u);
  // Two at the largest, both past the first block: the first of them.
  const std::vector<float> six{0.0f, 0.1f, 0.0f, 0.0f, 0.45f, 0.45f};
  EXPECT_EQ(heaviest_weight_index(six), 4u);
  // The largest in the last, overlapping block.
  std::vector<float> seventeen(17, 0.0f);
  seventeen[16] = 0.6f;
  seventeen[3] = 0.4f;
  EXPECT_EQ(heaviest_weight_index(seventeen), 16u);
  // All zeros, of either sign: the first.
  const std::vector<float> zeros{-0.0f, 0.0f, -0.0f, 0.0f, 0.0f};
  EXPECT_EQ(heaviest_weight_index(zeros), 0u);
  // A NaN first is kept by std::max_element (nothing compares above it).
  const std::vector<float> nan_first{std::numeric_limits<float>::quiet_NaN(), 1.0f, 2.0f, 3.0f};
  EXPECT_EQ(heaviest_weight_index(nan_first), 0u);
}

// Blend-space-like weights (mostly zeros, a few positive, ties, signed zeros, now and then a
// negative, an infinity or a NaN) of 0 to 40 samples: the same index as std::max_element.
TEST(HeaviestWeightIndex, MatchesMaxElementOnManyRandomLists) {
  std::mt19937 rng(46);
  std::uniform_int_distribution<int> size(0, 40);
  std::uniform_int_distribution<int> kind(0, 99);
  std::uniform_real_distribution<float> value(0.0f, 1.0f);
  std::vector<float> w;
  for (int round = 0; round < 400000; ++round) {
    w.resize(static_cast<std::size_t>(size(rng)));
    const int zero_share = kind(rng);
    for (float& x : w) {
      const int k = kind(rng);
      if (k < zero_share) {
        x = kind(rng) < 10 ? -0.0f : 0.0f;
      } else if (k < zero_share + 3) {
        x = -value(rng);
      } else if (k == 97 && round % 7 == 0) {
        x = std::numeric_limits<float>::quiet_NaN();
      } else if (k == 98 && round % 5 == 0) {
        x = std::numeric_limits<float>::infinity();
      } else {
        // A coarse grid, so that ties at the largest are common.
        x = kind(rng) < 50 ? std::round(value(rng) * 8.0f) / 8.0f : value(rng);
      }
    }
    ASSERT_EQ(heaviest_weight_index(w), max_element_index(w)) << "round " << round;
  }
}

}  // namespace
}  // namespace anim
