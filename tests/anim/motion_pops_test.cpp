#include "anim/motion_pops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace anim {
namespace {

constexpr float kDt = 1.0f / 30.0f;

// A wrist swinging 0.3 m left and right once a second, at 30 fps for 2 s.
std::vector<glm::vec3> swing() {
  std::vector<glm::vec3> p(61);
  for (std::size_t i = 0; i < p.size(); ++i) {
    p[i] = glm::vec3(0.3f * std::sin(2.0f * 3.14159265f * i * kDt), 1.0f, 0.0f);
  }
  return p;
}

TEST(MotionPops, ACleanSwingHasNoPopEvenWithoutAFloor) {
  PopSettings settings;
  settings.floor = 0.0f;  // only the robust level decides
  EXPECT_TRUE(find_pops(swing(), 0.0f, kDt, settings).empty());
  // Its acceleration peaks near 0.3 (2 pi)^2 = 11.8 m/s^2.
  const std::vector<float> acc = acceleration_magnitudes(swing(), kDt);
  EXPECT_NEAR(*std::max_element(acc.begin(), acc.end()), 11.8f, 0.2f);
}

TEST(MotionPops, OneDisplacedKeyIsFlaggedAtItsFrame) {
  std::vector<glm::vec3> p = swing();
  p[20].z += 0.05f;  // 5 cm off the arc
  const std::vector<Pop> pops = find_pops(p, 1.0f, kDt);
  ASSERT_EQ(pops.size(), 1u);
  EXPECT_EQ(pops[0].frame, 20);
  EXPECT_NEAR(pops[0].time_s, 1.0f + 20.0f * kDt, 1e-5f);
  // 2 * 0.05 m * 30^2 across, with the swing's own 10.2 m/s^2 along x: 90.578 m/s^2.
  EXPECT_NEAR(pops[0].acceleration, 90.578f, 0.05f);
}

TEST(MotionPops, TooFewPointsGiveNothing) {
  const std::vector<glm::vec3> p(2, glm::vec3(0.0f));
  EXPECT_TRUE(find_pops(p, 0.0f, kDt).empty());
  EXPECT_TRUE(acceleration_magnitudes(swing(), 0.0f).empty());
}

// The median of {1, 2, 3, 4, 100} is 3: 8 x 3 = 24 beats the floor of 20, not one of 30.
TEST(MotionPops, ThresholdIsTheMedianTimesItsFactorOrTheFloor) {
  const std::vector<float> acc{4.0f, 100.0f, 1.0f, 3.0f, 2.0f};
  EXPECT_FLOAT_EQ(pop_threshold(acc), 24.0f);
  PopSettings high_floor;
  high_floor.floor = 30.0f;
  EXPECT_FLOAT_EQ(pop_threshold(acc, high_floor), 30.0f);
  EXPECT_FLOAT_EQ(pop_threshold({}), 20.0f);
}

}  // namespace
}  // namespace anim
