#include "anim/spring_bones.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "procedural_skeletons.h"

namespace anim {
namespace {

using testing::make_torso;
using testing::model_of;
using testing::position;

// An independent reference: e'' = -w^2 e - 2 zeta w e' integrated by RK4 in double with steps
// of 1e-5 s (error far below 1e-9).
double reference_error(double e0, double v0, double frequency_hz, double zeta, double t) {
  const double w = 2.0 * glm::pi<double>() * frequency_hz;
  auto accel = [&](double e, double v) { return -w * w * e - 2.0 * zeta * w * v; };
  const int steps = static_cast<int>(std::round(t / 1e-5));
  const double h = t / steps;
  double e = e0, v = v0;
  for (int i = 0; i < steps; ++i) {
    const double k1e = v, k1v = accel(e, v);
    const double k2e = v + 0.5 * h * k1v, k2v = accel(e + 0.5 * h * k1e, v + 0.5 * h * k1v);
    const double k3e = v + 0.5 * h * k2v, k3v = accel(e + 0.5 * h * k2e, v + 0.5 * h * k2v);
    const double k4e = v + h * k3v, k4v = accel(e + h * k3e, v + h * k3v);
    e += h / 6.0 * (k1e + 2 * k2e + 2 * k3e + k4e);
    v += h / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
  }
  return e;
}

TEST(SpringBones, StepEqualsTheClosedFormUnderCriticallyAndOverDamped) {
  const glm::vec3 goal(0.5f, -1.0f, 2.0f);
  for (float zeta : {0.2f, 1.0f, 2.5f}) {
    for (float t : {0.05f, 0.37f, 1.3f}) {
      const SpringParticle p{goal + glm::vec3(0.3f, -0.2f, 0.1f), glm::vec3(-1.0f, 0.5f, 2.0f)};
      const SpringParticle out = advance_damped_spring(p, goal, 1.7f, zeta, t);
      EXPECT_NEAR(out.position.x - goal.x, reference_error(0.3, -1.0, 1.7, zeta, t), 1e-5)
          << "zeta " << zeta << " t " << t;
      EXPECT_NEAR(out.position.y - goal.y, reference_error(-0.2, 0.5, 1.7, zeta, t), 1e-5);
      EXPECT_NEAR(out.position.z - goal.z, reference_error(0.1, 2.0, 1.7, zeta, t), 1e-5);
    }
  }
}

TEST(SpringBones, CriticallyDampedFromRestAtOneOverOmegaIsTwoOverE) {
  // e(t) = exp(-w t)(1 + w t) at w t = 1: 2 / e; velocity -w^2 t exp(-w t) = -w / e.
  const float w = glm::two_pi<float>();
  const SpringParticle out =
      advance_damped_spring({{1, 0, 0}, {0, 0, 0}}, {0, 0, 0}, 1.0f, 1.0f, 1.0f / w);
  EXPECT_NEAR(out.position.x, 2.0f / std::exp(1.0f), 1e-6f);
  EXPECT_NEAR(out.velocity.x, -w / std::exp(1.0f), 1e-5f);
}

// The tail of the torso carried by the world's x(t) metres along +X: the tail's model pose at
// each frame, frames dt_s long up to total_s (the pose is the rest pose every frame). With
// calls_per_frame > 1 each frame's time is run in that many calls with the frame's pose held,
// as springs that see the parent only at the frame's end would.
std::vector<std::vector<glm::mat4>> tail_path(float dt_s, float total_s, float (*x)(float),
                                              int calls_per_frame = 1) {
  const Skeleton s = make_torso();
  JointChain chain;
  for (int j = 4; j < 10; ++j) chain.push(j);
  SpringChainSettings settings;
  settings.gravity = glm::vec3(0.0f);
  SpringChainState state;
  std::vector<std::vector<glm::mat4>> path;
  const int frames = static_cast<int>(std::round(total_s / dt_s));
  for (int f = 0; f <= frames; ++f) {
    const glm::mat4 world =
        glm::translate(glm::mat4(1.0f), glm::vec3(x(static_cast<float>(f) * dt_s), 0, 0));
    std::vector<Transform> local;
    std::vector<glm::mat4> model;
    for (int c = 0; c < (f == 0 ? 1 : calls_per_frame); ++c) {
      local = s.rest_pose;
      model = model_of(s, local);
      const float dt = f == 0 ? 0.0f : dt_s / static_cast<float>(calls_per_frame);
      EXPECT_TRUE(run_spring_chain(s, chain, settings, world, dt, state, local, model));
    }
    path.push_back(model);
  }
  return path;
}

// A jump of 1 m along +X after the first frame, then standing.
float jump(float t) {
  return t > 0.0f ? 1.0f : 0.0f;
}
// 1 m along +X in the first 0.1 s at a steady speed, then standing.
float glide(float t) {
  return 10.0f * std::min(t, 0.1f);
}
// Swaying 0.3 m either side at 2 Hz (3.8 m/s at the middle).
float sway(float t) {
  return 0.3f * std::sin(glm::two_pi<float>() * 2.0f * t);
}

std::vector<glm::mat4> tail_after(float dt_s, float total_s, float (*x)(float) = jump) {
  return tail_path(dt_s, total_s, x).back();
}

TEST(SpringBones, TheMotionDoesNotDependOnHowTheTimeIsSplit) {
  // The motion's bends fall on frame boundaries of every rate, so the sub-steps' interpolated
  // poses are the same at each.
  const glm::vec3 a = position(tail_after(1.0f / 30.0f, 0.4f, glide), 9);
  const glm::vec3 b = position(tail_after(1.0f / 60.0f, 0.4f, glide), 9);
  const glm::vec3 c = position(tail_after(1.0f / 120.0f, 0.4f, glide), 9);
  EXPECT_GT(glm::distance(a, glm::vec3(0, 1, -0.6f)), 0.01f);  // still swinging
  EXPECT_NEAR(glm::distance(a, b), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::distance(a, c), 0.0f, 1e-5f);
}

// The largest distance between the tail tip's path at 30 Hz and at 120 Hz over the same second
// (the 120 Hz path at every fourth frame).
float tip_gap_30_vs_120(int calls_per_frame_at_30) {
  const auto slow = tail_path(1.0f / 30.0f, 1.0f, sway, calls_per_frame_at_30);
  const auto fast = tail_path(1.0f / 120.0f, 1.0f, sway);
  float gap = 0.0f;
  for (std::size_t f = 0; f < slow.size(); ++f) {
    gap = std::max(gap, glm::distance(position(slow[f], 9), position(fast[4 * f], 9)));
  }
  return gap;
}

TEST(SpringBones, AFastParentSwingsTheTailAlikeAt30And120Hz) {
  // Sub-steps that see the parent only at the frame's end (each 30 Hz frame run as four calls
  // with its pose held, as the springs did before) leave the 30 Hz tip 48 mm off the 120 Hz
  // one; interpolating the parent within the frame brings it to 5.3 mm (the parent's own
  // chord between 30 Hz frames is off its path by up to 6.6 mm).
  const float interpolated = tip_gap_30_vs_120(1);
  const float held = tip_gap_30_vs_120(4);
  EXPECT_LT(interpolated, 0.008f) << "held: " << held;
  EXPECT_GT(held, 0.03f) << "interpolated: " << interpolated;
}

TEST(SpringBones, TheTailLagsAJumpKeepsItsBonesAndSettlesBack) {
  // One frame after the world jumped +X, the model-space tip swings toward -X (left behind).
  const std::vector<glm::mat4> first = tail_after(1.0f / 60.0f, 1.0f / 60.0f);
  EXPECT_LT(position(first, 9).x, -0.05f);
  for (int j = 5; j < 10; ++j) {
    EXPECT_NEAR(glm::distance(position(first, j), position(first, j - 1)), 0.1f, 1e-5f);
  }
  // Damped (zeta 0.4 at 3 Hz: the error decays as exp(-7.5 t)), it is back after 3 s.
  EXPECT_NEAR(glm::distance(position(tail_after(1.0f / 60.0f, 3.0f), 9), glm::vec3(0, 1, -0.6f)),
              0.0f, 1e-4f);
}

TEST(SpringBones, GravityBendsTheTailAroundTheSphereNotThroughIt) {
  const Skeleton s = make_torso();
  JointChain chain;
  for (int j = 4; j < 10; ++j) chain.push(j);
  SpringChainSettings settings;
  settings.frequency_hz = 0.5f;  // soft: gravity sags it by 9.81 / pi^2 ~ 1 m
  settings.sphere_center = glm::vec3(0.0f, 0.75f, -0.2f);
  settings.sphere_radius_m = 0.2f;
  SpringChainState state;
  std::vector<Transform> local;
  std::vector<glm::mat4> model;
  for (int f = 0; f < 180; ++f) {
    local = s.rest_pose;
    model = model_of(s, local);
    ASSERT_TRUE(
        run_spring_chain(s, chain, settings, glm::mat4(1.0f), 1.0f / 60.0f, state, local, model));
    for (int j = 5; j < 10; ++j) {
      EXPECT_GE(glm::distance(position(model, j), settings.sphere_center), 0.2f - 1e-4f);
    }
  }
  EXPECT_LT(position(model, 9).y, 0.85f);  // it did sag
}

TEST(SpringBones, RejectsEachBadInput) {
  const Skeleton s = make_torso();
  std::vector<Transform> local = s.rest_pose;
  std::vector<glm::mat4> model = model_of(s, local);
  JointChain chain;
  chain.push(4);
  chain.push(5);
  SpringChainSettings good;
  SpringChainState state;
  const glm::mat4 world(1.0f);
  EXPECT_TRUE(run_spring_chain(s, chain, good, world, 0.01f, state, local, model));
  JointChain broken = chain;
  broken.joints[1] = 6;  // not 4's child
  EXPECT_FALSE(run_spring_chain(s, broken, good, world, 0.01f, state, local, model));
  JointChain one;
  one.push(4);
  EXPECT_FALSE(run_spring_chain(s, one, good, world, 0.01f, state, local, model));
  SpringChainSettings bad = good;
  bad.frequency_hz = 0.0f;
  EXPECT_FALSE(run_spring_chain(s, chain, bad, world, 0.01f, state, local, model));
  bad = good;
  bad.damping_ratio = -0.1f;
  EXPECT_FALSE(run_spring_chain(s, chain, bad, world, 0.01f, state, local, model));
  bad = good;
  bad.sphere_radius_m = -1.0f;
  EXPECT_FALSE(run_spring_chain(s, chain, bad, world, 0.01f, state, local, model));
  EXPECT_FALSE(run_spring_chain(s, chain, good, world, -0.01f, state, local, model));
  EXPECT_FALSE(run_spring_chain(s, chain, good, world, 0.01f, state, local,
                                std::span<glm::mat4>(model).first(3)));
}

}  // namespace
}  // namespace anim
