#include "anim/foot_slide.h"

#include <gtest/gtest.h>

#include <cmath>

namespace anim {
namespace {

constexpr float kFrame_s = 1.0f / 60.0f;

TEST(FootSlide, AStillPlantedFootDoesNotSlideAndARollingOneNeither) {
  FootSlide foot;
  // Swinging in: not planted, moving 2 m/s.
  for (int f = 0; f < 10; ++f) {
    const glm::vec3 heel(2.0f * kFrame_s * f, 0.1f, 0.0f);
    add_slide_frame(foot, heel, heel + glm::vec3(0.2f, 0.0f, 0.0f), false);
  }
  // Planted for 30 frames: the heel still, then rolling onto the toe (the heel rises and comes
  // forward 5 cm while the toe stays).
  const glm::vec3 toe(0.6f, 0.0f, 0.0f);
  for (int f = 0; f < 30; ++f) {
    const float roll = f < 15 ? 0.0f : 0.05f * static_cast<float>(f - 15) / 15.0f;
    add_slide_frame(foot, glm::vec3(0.4f + roll, roll, 0.0f), toe, true);
  }
  EXPECT_EQ(foot.steps, 1);
  EXPECT_FLOAT_EQ(foot.slide_m, 0.0f);
  EXPECT_FLOAT_EQ(slide_per_step_share(foot, 0.9f), 0.0f);
}

TEST(FootSlide, APlantedFootDriftingAtAKnownSpeedSlidesThatFar) {
  FootSlide foot;
  // Two steps, each planted 0.5 s (31 frames: 30 intervals) while drifting 0.2 m/s along x
  // and z at once (0.2 * sqrt(2) m/s over the ground); 0.1 m/s upwards does not count.
  const glm::vec3 velocity(0.2f, 0.1f, 0.2f);
  for (int step = 0; step < 2; ++step) {
    for (int f = 0; f <= 30; ++f) {
      const glm::vec3 heel = velocity * (kFrame_s * f) + glm::vec3(step * 1.0f, 0.0f, 0.0f);
      add_slide_frame(foot, heel, heel + glm::vec3(0.0f, 0.0f, 0.25f), true);
    }
    add_slide_frame(foot, glm::vec3(5.0f), glm::vec3(5.0f), false);  // lifted: not counted
  }
  EXPECT_EQ(foot.steps, 2);
  const float per_step = 0.2f * std::sqrt(2.0f) * 0.5f;  // 0.1414 m
  EXPECT_NEAR(foot.slide_m, 2.0f * per_step, 1e-5f);
  EXPECT_NEAR(slide_per_step_share(foot, 0.9f), per_step / 0.9f, 1e-5f);
}

}  // namespace
}  // namespace anim
