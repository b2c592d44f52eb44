#include "anim/damped_spring.h"

#include <gtest/gtest.h>
#include <glm/glm.hpp>

namespace anim {
namespace {

// Half-life 1 s: y = 2 ln 2, so exp(-y) = 1/4. From 1 at rest toward 0 after 1 s:
// (1 + y) / 4 = 0.596574; the velocity -y^2 / 4 = -0.480453.
TEST(DampedSpring, OneHalfLifeFromRestMatchesTheClosedForm) {
  float value = 1.0f, velocity = 0.0f;
  spring_toward(value, velocity, 0.0f, 1.0f, 1.0f);
  EXPECT_NEAR(value, 0.596574f, 1e-5f);
  EXPECT_NEAR(velocity, -0.480453f, 1e-5f);
}

// Exact for any dt: ten steps of 0.1 s land where one step of 1 s does.
TEST(DampedSpring, StepsOfAnySizeLandOnTheSamePath) {
  glm::vec2 one{1.0f, -2.0f}, one_velocity{0.5f, 0.0f};
  glm::vec2 ten = one, ten_velocity = one_velocity;
  spring_toward(one, one_velocity, glm::vec2(0.0f), 0.3f, 1.0f);
  for (int i = 0; i < 10; ++i) spring_toward(ten, ten_velocity, glm::vec2(0.0f), 0.3f, 0.1f);
  EXPECT_NEAR(ten.x, one.x, 1e-5f);
  EXPECT_NEAR(ten.y, one.y, 1e-5f);
  EXPECT_NEAR(ten_velocity.x, one_velocity.x, 1e-5f);
}

TEST(DampedSpring, NoHalfLifeSnapsToTheGoalAtRest) {
  float value = 3.0f, velocity = 2.0f;
  spring_toward(value, velocity, 1.0f, 0.0f, 0.016f);
  EXPECT_EQ(value, 1.0f);
  EXPECT_EQ(velocity, 0.0f);
}

}  // namespace
}  // namespace anim
