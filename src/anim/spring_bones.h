#pragma once
// Spring bones: a chain (a tail, ears, hair) whose joints lag behind the animation and sway
// after it stops. Each joint past the first is a particle pulled toward where the animation
// puts it relative to its (simulated) parent by a damped spring, stepped with the exact closed
// form of the damped harmonic oscillator (under-, critically and over-damped), then held at its
// bone's length and pushed out of one collision sphere. Fixed sub-steps make the motion the same
// however a frame's time is split (a video export and the live viewer agree). The state is the
// caller's; no allocation.

#include <array>
#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/joint_chain.h"
#include "anim/skeleton.h"
#include "anim/transform.h"

namespace anim {

struct SpringParticle {
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
};

// The particle after dt_s seconds of x'' = -w^2 (x - goal) - 2 zeta w x' with w = 2 pi
// frequency_hz and zeta = damping_ratio, goal held: for zeta < 1
// e(t) = exp(-zeta w t) (e0 cos(wd t) + (v0 + zeta w e0) / wd sin(wd t)), wd = w sqrt(1 - zeta^2);
// for zeta = 1 (within 1e-4) e(t) = exp(-w t) (e0 + (v0 + w e0) t); for zeta > 1 the sum of two
// decaying exponentials with rates w (zeta -+ sqrt(zeta^2 - 1)). e = x - goal. Exact for any
// dt_s >= 0 (frequency_hz > 0, damping_ratio >= 0).
SpringParticle advance_damped_spring(const SpringParticle& particle, const glm::vec3& goal,
                                     float frequency_hz, float damping_ratio, float dt_s);

// The same step as a linear map of the error and velocity for one dt_s: e' = ee e + ev v,
// v' = ve e + vv v. Computed once per sub-step length, it steps every particle with no exp, sin
// or cos of its own.
struct DampedSpringStep {
  float ee = 1.0f, ev = 0.0f, ve = 0.0f, vv = 1.0f;
};
DampedSpringStep damped_spring_step(float frequency_hz, float damping_ratio, float dt_s);
SpringParticle advance_damped_spring(const SpringParticle& particle, const glm::vec3& goal,
                                     const DampedSpringStep& step);

struct SpringChainSettings {
  float frequency_hz = 3.0f;
  float damping_ratio = 0.4f;
  // A constant acceleration (world, m/s^2): it moves the spring's rest point by gravity / w^2,
  // which keeps the step exact.
  glm::vec3 gravity{0.0f, -9.81f, 0.0f};
  // One sphere the particles stay out of, in model space (the body); radius 0 for none.
  glm::vec3 sphere_center{0.0f};
  float sphere_radius_m = 0.0f;
  float substep_s = 1.0f / 120.0f;
};

// One chain's simulation, owned by the caller: its particles in world space, the animated
// joints' world positions at the end of the last call (each sub-step sees the animation
// interpolated between those and this call's), and the time not yet stepped. A default state
// starts from the animated pose on the next run (reset on a scrub or a loop: state = {}).
struct SpringChainState {
  std::array<SpringParticle, kMaxChainJoints> particles{};
  std::array<glm::vec3, kMaxChainJoints> previous{};
  double pending_s = 0.0;
  bool started = false;
};

// At most this many sub-steps run in one call (a long hitch is not caught up).
inline constexpr int kMaxSpringSubsteps = 64;

// Runs the chain's springs for dt_s seconds in whole sub-steps (the remainder waits for the next
// call), each sub-step seeing the animated pose where it was at that moment (interpolated
// linearly between the last call's pose and this one's, so a fast parent swings the chain alike
// at any frame rate), and writes the chain's local rotations (its first joint
// follows the animation and turns toward its simulated child). world places the model in the
// world, where the particles live, so that the character's own travel swings the chain. model
// holds the model matrices of local and is brought up to date below the chain. Fails (writing
// nothing) when chain does not validate (two joints at least), local or model is not the
// skeleton's size, dt_s is negative or not finite, or the settings are out of range (frequency
// and sub-step > 0, damping >= 0, radius >= 0).
JobResult run_spring_chain(const Skeleton& skeleton, const JointChain& chain,
                           const SpringChainSettings& settings, const glm::mat4& world, float dt_s,
                           SpringChainState& state, std::span<Transform> local,
                           std::span<glm::mat4> model);

}  // namespace anim
