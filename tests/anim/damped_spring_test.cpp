#include "anim/damped_spring.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "anim_expect.h"

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

using testing::same_bits;

// A step made apart (spring_step, as foot IK makes it before its values arrive) moves a value as
// the spring's formula does, bit for bit: y = 2 ln 2 / half-life, j0 = value - goal,
// j1 = velocity + j0 y, value' = exp(-y dt) (j0 + j1 dt) + goal,
// velocity' = exp(-y dt) (velocity - j1 y dt); over random values, half-lives (some not
// positive, which snap) and steps.
TEST(DampedSpring, AStepMadeApartMovesAsTheFormula) {
  std::mt19937 rng(46);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int c = 0; c < 2000; ++c) {
    const float value = 3.0f * unit(rng), velocity = 5.0f * unit(rng), goal = 3.0f * unit(rng);
    const float halflife = c % 10 == 0 ? 0.0f : 0.5f * (unit(rng) + 1.0f);
    const float dt = c % 7 == 0 ? 0.0f : 0.05f * (unit(rng) + 1.0f);
    float want = goal, want_velocity = 0.0f;
    if (halflife > 0.0f) {
      const float y = 2.0f * 0.69314718f / halflife;
      const float j0 = value - goal;
      const float j1 = velocity + j0 * y;
      const float decay = std::exp(-y * dt);
      want = decay * (j0 + j1 * dt) + goal;
      want_velocity = decay * (velocity - j1 * y * dt);
    }
    float got = value, got_velocity = velocity;
    spring_toward(got, got_velocity, goal, spring_step(halflife, dt));
    EXPECT_TRUE(same_bits(got, want) && same_bits(got_velocity, want_velocity)) << "case " << c;
    float direct = value, direct_velocity = velocity;
    spring_toward(direct, direct_velocity, goal, halflife, dt);
    EXPECT_TRUE(same_bits(direct, want) && same_bits(direct_velocity, want_velocity)) << c;
  }
}

}  // namespace
}  // namespace anim
