#include "anim/blend_space_1d.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace anim {
namespace {

// Thresholds deliberately out of order: weights follow the caller's order.
constexpr std::array<float, 3> kThresholds{1.5f, 0.0f, 4.0f};

std::array<float, 3> weights_at(float x) {
  std::array<float, 3> w{};
  blend_weights_1d(kThresholds, x, w);
  return w;
}

TEST(BlendSpace1D, InterpolatesLinearlyBetweenTheBracketingThresholds) {
  // 2.75 lies half way from 1.5 to 4.
  const auto w = weights_at(2.75f);
  EXPECT_FLOAT_EQ(w[0], 0.5f);
  EXPECT_FLOAT_EQ(w[1], 0.0f);
  EXPECT_FLOAT_EQ(w[2], 0.5f);
  // 0.5 lies a third of the way from 0 to 1.5.
  const auto v = weights_at(0.5f);
  EXPECT_FLOAT_EQ(v[0], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(v[1], 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(v[2], 0.0f);
}

TEST(BlendSpace1D, ClampsToTheEndThresholdsOutsideTheRange) {
  EXPECT_EQ(weights_at(-3.0f), (std::array<float, 3>{0.0f, 1.0f, 0.0f}));
  EXPECT_EQ(weights_at(9.0f), (std::array<float, 3>{0.0f, 0.0f, 1.0f}));
}

TEST(BlendSpace1D, GivesExactlyOneOnASample) {
  EXPECT_EQ(weights_at(1.5f), (std::array<float, 3>{1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(weights_at(4.0f), (std::array<float, 3>{0.0f, 0.0f, 1.0f}));
}

TEST(BlendSpace1D, SingleSampleTakesEverything) {
  const std::array<float, 1> thresholds{2.0f};
  std::array<float, 1> w{};
  blend_weights_1d(thresholds, -7.0f, w);
  EXPECT_EQ(w[0], 1.0f);
}

TEST(BlendSpace1D, WeightsAreContinuousNonNegativeAndSumToOne) {
  std::array<float, 3> previous = weights_at(-1.0f);
  for (int i = 0; i <= 6000; ++i) {
    const float x = -1.0f + 0.001f * static_cast<float>(i);
    const auto w = weights_at(x);
    float sum = 0.0f;
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(w[k], 0.0f);
      // The steepest slope is 1 / 1.5 per unit, so a 0.001 step moves a weight < 0.001.
      EXPECT_LE(std::abs(w[k] - previous[k]), 0.001f) << "x=" << x;
      sum += w[k];
    }
    EXPECT_NEAR(sum, 1.0f, 1e-6f);
    previous = w;
  }
}

TEST(BlendSpace1D, ValidateNamesDuplicateAndNonFiniteThresholds) {
  EXPECT_EQ(validate_thresholds_1d(kThresholds), "");
  const std::array<float, 3> duplicate{0.0f, 1.0f, 0.0f};
  EXPECT_EQ(validate_thresholds_1d(duplicate),
            "sample 1 and sample 3 share the threshold 0.000000");
  const std::array<float, 2> nan{0.0f, std::nanf("")};
  EXPECT_NE(validate_thresholds_1d(nan).find("sample 2"), std::string::npos);
  EXPECT_EQ(validate_thresholds_1d({}), "the blend space has no samples");

  BlendSpace1D space;
  space.samples = {{"walk", 1.0f}, {"run", 3.0f}};
  EXPECT_EQ(validate(space), "");
  space.max = space.min;
  EXPECT_EQ(validate(space), "the parameter range needs min < max");
}

}  // namespace
}  // namespace anim
