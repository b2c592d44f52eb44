#include "anim/trajectory_spring.h"

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

namespace {

using namespace anim;

TEST(TrajectorySpring, FromRestMatchesTheHandDerivedClosedForm) {
  // From rest towards goal g: v(t) = g (1 - (1 + y t) e^{-y t}),
  // x(t) = g (t - 2 / y + e^{-y t} (2 / y + t)), y = 2 ln 2 / half-life.
  const float half_life = 0.3f, g = 2.0f;
  const double y = 2.0 * std::log(2.0) / half_life;
  for (float t : {0.0f, 0.1f, 0.5f, 1.0f, 3.0f}) {
    const VelocitySpringState s =
        advance_velocity_spring({}, glm::vec3(0.0f, 0.0f, g), half_life, t);
    const double e = std::exp(-y * t);
    EXPECT_NEAR(s.velocity.z, g * (1.0 - (1.0 + y * t) * e), 1e-5);
    EXPECT_NEAR(s.position.z, g * (t - 2.0 / y + e * (2.0 / y + t)), 1e-5);
    EXPECT_EQ(s.position.x, 0.0f);
  }
}

TEST(TrajectorySpring, ClosedFormMatchesIntegratingTheSpringEquation) {
  // v'' = -2 y v' - y^2 (v - goal), integrated with small RK4 steps from a moving start.
  const float half_life = 0.25f;
  const double y = 2.0 * std::log(2.0) / half_life;
  const glm::vec3 goal(1.0f, 0.0f, -2.0f);
  VelocitySpringState start;
  start.position = {0.5f, 0.0f, 1.0f};
  start.velocity = {-1.0f, 0.0f, 0.5f};
  start.acceleration = {3.0f, 0.0f, -1.0f};
  for (int axis : {0, 2}) {
    double x = start.position[axis], v = start.velocity[axis], a = start.acceleration[axis];
    const double h = 1e-4;
    auto deriv = [&](double, double vv, double aa, double& dx, double& dv, double& da) {
      dx = vv;
      dv = aa;
      da = -2.0 * y * aa - y * y * (vv - goal[axis]);
    };
    for (int step = 1; step <= 10000; ++step) {
      double k1x, k1v, k1a, k2x, k2v, k2a, k3x, k3v, k3a, k4x, k4v, k4a;
      deriv(x, v, a, k1x, k1v, k1a);
      deriv(x + h / 2 * k1x, v + h / 2 * k1v, a + h / 2 * k1a, k2x, k2v, k2a);
      deriv(x + h / 2 * k2x, v + h / 2 * k2v, a + h / 2 * k2a, k3x, k3v, k3a);
      deriv(x + h * k3x, v + h * k3v, a + h * k3a, k4x, k4v, k4a);
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
      a += h / 6 * (k1a + 2 * k2a + 2 * k3a + k4a);
      if (step % 2500 == 0) {
        const float t = static_cast<float>(step * h);
        const VelocitySpringState s = advance_velocity_spring(start, goal, half_life, t);
        EXPECT_NEAR(s.position[axis], x, 1e-4) << "t " << t;
        EXPECT_NEAR(s.velocity[axis], v, 1e-4) << "t " << t;
        EXPECT_NEAR(s.acceleration[axis], a, 1e-3) << "t " << t;
      }
    }
  }
}

TEST(TrajectorySpring, SmallStepsComposeToOneBigStep) {
  VelocitySpringState a;
  a.velocity = {0.3f, 0.0f, -0.2f};
  const glm::vec3 goal(0.0f, 0.0f, 1.5f);
  VelocitySpringState stepped = a;
  YawSpringState yaw_stepped{0.5f, -1.0f};
  for (int i = 0; i < 60; ++i) {
    stepped = advance_velocity_spring(stepped, goal, 0.2f, 1.0f / 60.0f);
    yaw_stepped = advance_yaw_spring(yaw_stepped, 2.0f, 0.2f, 1.0f / 60.0f);
  }
  const VelocitySpringState once = advance_velocity_spring(a, goal, 0.2f, 1.0f);
  const YawSpringState yaw_once = advance_yaw_spring({0.5f, -1.0f}, 2.0f, 0.2f, 1.0f);
  EXPECT_NEAR(stepped.position.z, once.position.z, 1e-4f);
  EXPECT_NEAR(stepped.velocity.x, once.velocity.x, 1e-5f);
  EXPECT_NEAR(yaw_stepped.yaw_rad, yaw_once.yaw_rad, 1e-4f);
  EXPECT_NEAR(yaw_stepped.yaw_rate_rad_s, yaw_once.yaw_rate_rad_s, 1e-4f);
}

TEST(TrajectorySpring, YawTurnsTheShortWayAndSettlesOnTheGoal) {
  // From 3 rad towards -3 rad: the short way is up through pi (0.28 rad), not down by 6.
  const YawSpringState s = advance_yaw_spring({3.0f, 0.0f}, -3.0f, 0.2f, 0.1f);
  EXPECT_GT(s.yaw_rad, 3.0f);
  const YawSpringState settled = advance_yaw_spring({3.0f, 0.0f}, -3.0f, 0.2f, 10.0f);
  EXPECT_NEAR(wrap_angle_rad(settled.yaw_rad + 3.0f), 0.0f, 1e-5f);
  // x(t) = goal + (j0 + j1 t) e^{-y t}, j0 = x0 - goal, j1 = v0 + j0 y: from 1 rad at rest to 0.
  const double y = 2.0 * std::log(2.0) / 0.2;
  const YawSpringState h = advance_yaw_spring({1.0f, 0.0f}, 0.0f, 0.2f, 0.2f);
  EXPECT_NEAR(h.yaw_rad, (1.0 + y * 0.2) * std::exp(-y * 0.2), 1e-6);
}

TEST(TrajectorySpring, PredictionIsTheSpringAtEachTime) {
  VelocitySpringState p;
  p.velocity = {1.0f, 0.0f, 0.0f};
  const YawSpringState f{0.2f, 0.5f};
  const std::array<float, 3> times{1.0f / 3.0f, 2.0f / 3.0f, 1.0f};
  std::array<glm::vec3, 3> positions{};
  std::array<float, 3> yaws{};
  ASSERT_TRUE(
      predict_trajectory(p, f, {0.0f, 0.0f, 2.0f}, 1.0f, 0.3f, 0.4f, times, positions, yaws));
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(positions[i],
              advance_velocity_spring(p, {0.0f, 0.0f, 2.0f}, 0.3f, times[i]).position);
    EXPECT_EQ(yaws[i], advance_yaw_spring(f, 1.0f, 0.4f, times[i]).yaw_rad);
  }
  std::array<float, 2> too_few{};
  EXPECT_FALSE(predict_trajectory(p, f, {}, 0.0f, 0.3f, 0.4f, times, positions, too_few));
}

}  // namespace
