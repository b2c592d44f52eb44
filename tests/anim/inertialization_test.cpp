#include "anim/inertialization.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/math.h"

namespace anim {
namespace {

// Central difference of the decay curve.
float velocity(const QuinticDecay& d, float t, float h = 1e-3f) {
  return (d.at(t + h) - d.at(t - h)) / (2.0f * h);
}

TEST(QuinticDecay, StartsAtTheOffsetWithItsVelocityAndEndsAtRest) {
  const QuinticDecay d = QuinticDecay::make(0.5f, -1.0f, 0.4f);
  EXPECT_FLOAT_EQ(d.at(0.0f), 0.5f);
  // The one-sided slope at 0 approaches v0.
  EXPECT_NEAR((d.at(1e-3f) - d.at(0.0f)) / 1e-3f, -1.0f, 1e-2f);
  EXPECT_NEAR(d.at(0.4f - 1e-4f), 0.0f, 1e-6f);
  EXPECT_NEAR(velocity(d, 0.4f - 2e-3f, 1e-3f), 0.0f, 1e-3f);
  EXPECT_EQ(d.at(0.4f), 0.0f);
  EXPECT_EQ(d.at(1.0f), 0.0f);
}

TEST(QuinticDecay, CoefficientsSatisfyTheEndConditions) {
  // x(t1) = 0, x'(t1) = 0 and x''(t1) = 0 from the closed-form coefficients.
  const QuinticDecay d = QuinticDecay::make(1.0f, -2.0f, 0.5f);
  const float t = d.t1;
  const float x = d.a * std::pow(t, 5) + d.b * std::pow(t, 4) + d.c * std::pow(t, 3) +
                  0.5f * d.a0 * t * t + d.v0 * t + d.x0;
  const float v =
      5 * d.a * std::pow(t, 4) + 4 * d.b * std::pow(t, 3) + 3 * d.c * t * t + d.a0 * t + d.v0;
  const float acc = 20 * d.a * std::pow(t, 3) + 12 * d.b * t * t + 6 * d.c * t + d.a0;
  EXPECT_NEAR(x, 0.0f, 1e-5f);
  EXPECT_NEAR(v, 0.0f, 1e-4f);
  EXPECT_NEAR(acc, 0.0f, 1e-3f);
}

TEST(QuinticDecay, VelocityAwayFromTheTargetIsClampedToRest) {
  const QuinticDecay d = QuinticDecay::make(0.3f, 2.0f, 0.5f);
  EXPECT_EQ(d.v0, 0.0f);
  EXPECT_NEAR((d.at(1e-3f) - d.at(0.0f)) / 1e-3f, 0.0f, 1e-2f);
}

TEST(QuinticDecay, FastApproachShortensTheBlend) {
  // At -10 m/s a 0.2 m offset may last at most -5 x0 / v0 = 0.1 s.
  const QuinticDecay d = QuinticDecay::make(0.2f, -10.0f, 0.5f);
  EXPECT_FLOAT_EQ(d.t1, 0.1f);
  EXPECT_EQ(d.at(0.1f), 0.0f);
}

TEST(QuinticDecay, NeverOvershootsForAnyStart) {
  for (float x0 : {0.01f, 0.2f, 1.0f, 3.0f}) {
    for (float v0 : {-100.0f, -20.0f, -5.0f, -1.0f, -0.1f, 0.0f, 0.5f, 10.0f}) {
      for (float blend : {0.1f, 0.25f, 0.5f, 1.0f}) {
        const QuinticDecay d = QuinticDecay::make(x0, v0, blend);
        for (int i = 0; i <= 400; ++i) {
          const float x = d.at(blend * i / 400.0f);
          // Float round-off near t1 is a few 1e-8 m; an overshoot would be orders larger.
          ASSERT_GE(x, -1e-5f * x0) << "x0 " << x0 << " v0 " << v0 << " blend " << blend;
          ASSERT_LE(x, x0 * (1.0f + 1e-5f)) << "x0 " << x0 << " v0 " << v0;
        }
      }
    }
  }
}

TEST(QuinticDecay, ZeroOffsetStaysZero) {
  const QuinticDecay d = QuinticDecay::make(0.0f, -3.0f, 0.5f);
  EXPECT_EQ(d.at(0.0f), 0.0f);
  EXPECT_EQ(d.at(0.2f), 0.0f);
}

// Two joints. The source rotates joint 0 about Y towards the target at 1 rad/s and slides
// joint 1 towards it at 0.5 m/s; the target pose holds still.
struct Switch {
  static constexpr float kDt = 1.0f / 60.0f;
  std::vector<Transform> previous{2}, current{2}, target{2};

  Switch() {
    const glm::vec3 y(0.0f, 1.0f, 0.0f);
    target[0].rotation = glm::angleAxis(0.2f, y);
    current[0].rotation = glm::angleAxis(0.6f, y);
    previous[0].rotation = glm::angleAxis(0.6f + kDt, y);
    target[1].translation = glm::vec3(0.0f, 1.0f, 0.0f);
    current[1].translation = glm::vec3(0.3f, 1.0f, 0.0f);
    previous[1].translation = glm::vec3(0.3f + 0.5f * kDt, 1.0f, 0.0f);
  }
};

float angle_between(const glm::quat& a, const glm::quat& b) {
  return 2.0f * std::acos(std::min(std::abs(glm::dot(a, b)), 1.0f));
}

TEST(Inertializer, OutputEqualsTheSourceAtTheSwitch) {
  Switch s;
  Inertializer in;
  in.init(2);
  ASSERT_TRUE(in.start(s.previous, s.current, s.target, Switch::kDt, 0.5f));
  std::vector<Transform> pose = s.target;
  ASSERT_TRUE(in.apply(pose));
  EXPECT_NEAR(angle_between(pose[0].rotation, s.current[0].rotation), 0.0f, 1e-3f);
  EXPECT_NEAR(glm::length(pose[1].translation - s.current[1].translation), 0.0f, 1e-6f);
}

TEST(Inertializer, VelocityContinuesTheSourceVelocity) {
  Switch s;
  Inertializer in;
  in.init(2);
  ASSERT_TRUE(in.start(s.previous, s.current, s.target, Switch::kDt, 0.5f));
  in.advance(Switch::kDt);
  std::vector<Transform> pose = s.target;
  ASSERT_TRUE(in.apply(pose));
  // One frame on, the source would be at 0.6 - dt rad and 0.3 - 0.5 dt m; the inertialized pose
  // follows it to within the curve's second-order term.
  const glm::quat expected_rotation = glm::angleAxis(0.6f - Switch::kDt, glm::vec3(0, 1, 0));
  EXPECT_NEAR(angle_between(pose[0].rotation, expected_rotation), 0.0f, 2e-3f);
  EXPECT_NEAR(pose[1].translation.x, 0.3f - 0.5f * Switch::kDt, 1e-3f);
  EXPECT_FLOAT_EQ(pose[1].translation.y, 1.0f);
}

TEST(Inertializer, OffsetIsGoneAtTheEndOfTheBlend) {
  Switch s;
  Inertializer in;
  in.init(2);
  ASSERT_TRUE(in.start(s.previous, s.current, s.target, Switch::kDt, 0.5f));
  for (int i = 0; i < 30; ++i) in.advance(Switch::kDt);  // exactly 0.5 s
  EXPECT_FALSE(in.active());
  std::vector<Transform> pose = s.target;
  ASSERT_TRUE(in.apply(pose));
  EXPECT_EQ(pose[0].rotation, s.target[0].rotation);
  EXPECT_EQ(pose[1].translation, s.target[1].translation);
}

TEST(Inertializer, OffsetShrinksMonotonicallyWithoutPassingTheTarget) {
  Switch s;
  Inertializer in;
  in.init(2);
  ASSERT_TRUE(in.start(s.previous, s.current, s.target, Switch::kDt, 0.5f));
  float last_angle = 1e9f, last_x = 1e9f;
  for (int i = 0; i <= 30; ++i) {
    std::vector<Transform> pose = s.target;
    ASSERT_TRUE(in.apply(pose));
    // Signed: the source was on the +angle / +x side of the target and must stay there.
    const float angle = 2.0f * std::atan2(pose[0].rotation.y, pose[0].rotation.w) - 0.2f;
    const float x = pose[1].translation.x;
    EXPECT_GE(angle, -1e-5f);
    EXPECT_GE(x, -1e-6f);
    EXPECT_LE(angle, last_angle + 1e-5f);
    EXPECT_LE(x, last_x + 1e-6f);
    last_angle = angle;
    last_x = x;
    in.advance(Switch::kDt);
  }
}

TEST(Inertializer, RejectsMismatchedInputs) {
  Switch s;
  Inertializer in;
  in.init(2);
  std::vector<Transform> three(3);
  EXPECT_FALSE(in.start(three, s.current, s.target, Switch::kDt, 0.5f));
  EXPECT_FALSE(in.start(s.previous, three, s.target, Switch::kDt, 0.5f));
  EXPECT_FALSE(in.start(s.previous, s.current, three, Switch::kDt, 0.5f));
  EXPECT_FALSE(in.start(s.previous, s.current, s.target, 0.0f, 0.5f));
  EXPECT_FALSE(in.start(s.previous, s.current, s.target, Switch::kDt, -1.0f));
  EXPECT_FALSE(in.active());
  EXPECT_FALSE(in.apply(three));
}

}  // namespace
}  // namespace anim
