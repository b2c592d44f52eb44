#include "anim/rise_line.h"

#include <gtest/gtest.h>

#include <array>

namespace anim {
namespace {

// Four feet on a plane rising 0.25 m per metre, 0.1 m above s = 0: the line is the plane's.
TEST(RiseLine, FeetOnAPlaneGiveItsRise) {
  const std::array<glm::vec2, 4> feet{
      {{-0.4f, 0.0f}, {-0.2f, 0.05f}, {0.2f, 0.15f}, {0.6f, 0.25f}}};
  const RiseLine line = fit_rise_line(feet);
  EXPECT_NEAR(line.slope, 0.25f, 1e-6f);
  EXPECT_NEAR(line.offset_m, 0.1f, 1e-6f);
  EXPECT_NEAR(line.at(0.46f), 0.215f, 1e-6f);
}

// Least squares by hand: s = 0, 1, 2 with rises 0, 1, 0 have mean (1, 1/3), covariance 0 and
// spread 2, so a level line at 1/3.
TEST(RiseLine, ABumpBetweenLevelFeetIsAveraged) {
  const std::array<glm::vec2, 3> feet{{{0.0f, 0.0f}, {1.0f, 1.0f}, {2.0f, 0.0f}}};
  const RiseLine line = fit_rise_line(feet);
  EXPECT_NEAR(line.slope, 0.0f, 1e-6f);
  EXPECT_NEAR(line.offset_m, 1.0f / 3.0f, 1e-6f);
  // s = 0, 1, 3 with rises 0, 2, 2: mean (4/3, 4/3), covariance 8/3, spread 14/3: slope 4/7.
  const std::array<glm::vec2, 3> uneven{{{0.0f, 0.0f}, {1.0f, 2.0f}, {3.0f, 2.0f}}};
  const RiseLine tilted = fit_rise_line(uneven);
  EXPECT_NEAR(tilted.slope, 4.0f / 7.0f, 1e-6f);
  EXPECT_NEAR(tilted.offset_m, 4.0f / 3.0f - 4.0f / 7.0f * 4.0f / 3.0f, 1e-6f);
}

TEST(RiseLine, FeetAtOnePlaceOrNoneSayNothingOfTheTilt) {
  const std::array<glm::vec2, 2> side_by_side{{{0.3f, 0.1f}, {0.3f, 0.3f}}};
  const RiseLine line = fit_rise_line(side_by_side);
  EXPECT_EQ(line.slope, 0.0f);
  EXPECT_NEAR(line.offset_m, 0.2f, 1e-6f);
  const RiseLine none = fit_rise_line({});
  EXPECT_EQ(none.slope, 0.0f);
  EXPECT_EQ(none.offset_m, 0.0f);
}

}  // namespace
}  // namespace anim
