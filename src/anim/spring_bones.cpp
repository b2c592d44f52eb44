#include "anim/spring_bones.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

#include "anim/index.h"

namespace anim {

DampedSpringStep damped_spring_step(float frequency_hz, float damping_ratio, float dt_s) {
  // The closed forms' responses to a unit error (e0 = 1, v0 = 0) and a unit velocity (e0 = 0,
  // v0 = 1); the oscillator is linear, so any start is their sum.
  const float w = glm::two_pi<float>() * frequency_hz;
  const float zeta = damping_ratio;
  const float t = dt_s;
  DampedSpringStep s;
  if (std::fabs(zeta - 1.0f) < 1e-4f) {
    // e = exp(-w t)(e0 + (v0 + w e0) t), v = exp(-w t)(v0 - w t (v0 + w e0)).
    const float decay = std::exp(-w * t);
    s = {decay * (1.0f + w * t), decay * t, -decay * w * w * t, decay * (1.0f - w * t)};
  } else if (zeta < 1.0f) {
    // e = exp(-a t)(e0 cos + (v0 + a e0) / wd sin), v = exp(-a t)(v0 cos - (a B + wd e0) sin).
    const float a = zeta * w;
    const float wd = w * std::sqrt(1.0f - zeta * zeta);
    const float decay = std::exp(-a * t), c = std::cos(wd * t), sn = std::sin(wd * t);
    s = {decay * (c + a / wd * sn), decay * sn / wd, -decay * (a * a / wd + wd) * sn,
         decay * (c - a / wd * sn)};
  } else {
    // e = c1 exp(r1 t) + c2 exp(r2 t) with c1 = (v0 - r2 e0) / (r1 - r2), c2 = e0 - c1.
    const float root = std::sqrt(zeta * zeta - 1.0f);
    const float r1 = -w * (zeta - root), r2 = -w * (zeta + root);
    const float x1 = std::exp(r1 * t), x2 = std::exp(r2 * t), d = r1 - r2;
    s = {(r1 * x2 - r2 * x1) / d, (x1 - x2) / d, r1 * r2 * (x2 - x1) / d, (r1 * x1 - r2 * x2) / d};
  }
  return s;
}

SpringParticle advance_damped_spring(const SpringParticle& particle, const glm::vec3& goal,
                                     const DampedSpringStep& step) {
  const glm::vec3 e = particle.position - goal;
  const glm::vec3& v = particle.velocity;
  return {goal + step.ee * e + step.ev * v, step.ve * e + step.vv * v};
}

SpringParticle advance_damped_spring(const SpringParticle& particle, const glm::vec3& goal,
                                     float frequency_hz, float damping_ratio, float dt_s) {
  return advance_damped_spring(particle, goal,
                               damped_spring_step(frequency_hz, damping_ratio, dt_s));
}

namespace {

const char* validate_settings(const SpringChainSettings& s) {
  if (!(s.frequency_hz > 0.0f) || !std::isfinite(s.frequency_hz)) {
    return "spring chain: frequency must be positive";
  }
  if (!(s.damping_ratio >= 0.0f) || !std::isfinite(s.damping_ratio)) {
    return "spring chain: damping ratio must be >= 0";
  }
  if (!(s.substep_s > 0.0f) || !(s.sphere_radius_m >= 0.0f)) {
    return "spring chain: sub-step must be positive and the sphere radius >= 0";
  }
  return nullptr;
}

// Keeps the particle at its bone's length from its parent and outside the sphere: when the
// length alone leaves it inside, it goes to the nearest point of the circle where the two
// spheres (the bone's reach and the collision sphere) meet.
glm::vec3 constrain(const glm::vec3& parent, const glm::vec3& p, float length,
                    const glm::vec3& center, float radius) {
  const glm::vec3 d = p - parent;
  const float dl = glm::length(d);
  const glm::vec3 out = dl > 1e-7f ? parent + d * (length / dl) : p;
  if (radius <= 0.0f || glm::distance(out, center) >= radius) return out;
  const glm::vec3 to_center = center - parent;
  const float c = glm::length(to_center);
  if (c < 1e-7f || c > length + radius || c < std::fabs(length - radius)) return out;
  const glm::vec3 u = to_center / c;
  const float along = (length * length - radius * radius + c * c) / (2.0f * c);
  const float ring = std::sqrt(std::max(0.0f, length * length - along * along));
  glm::vec3 side = (out - parent) - glm::dot(out - parent, u) * u;
  const float sl = glm::length(side);
  side = sl > 1e-7f ? side / sl : glm::normalize(glm::cross(u, glm::vec3(0.3f, 0.1f, 1.0f)));
  return parent + along * u + ring * side;
}

}  // namespace

JobResult run_spring_chain(const Skeleton& skeleton, const JointChain& chain,
                           const SpringChainSettings& settings, const glm::mat4& world, float dt_s,
                           SpringChainState& state, std::span<Transform> local,
                           std::span<glm::mat4> model) {
  if (const char* e = validate(skeleton, chain, 2)) return JobResult::fail(e);
  if (const char* e = validate_settings(settings)) return JobResult::fail(e);
  const auto n = as_size(skeleton.joint_count());
  if (local.size() != n || model.size() != n) {
    return JobResult::fail("spring chain: local or model is not the skeleton's size");
  }
  if (!(dt_s >= 0.0f) || !std::isfinite(dt_s)) {
    return JobResult::fail("spring chain: dt must be finite and >= 0");
  }
  const auto count = as_size(chain.count);
  std::array<glm::vec3, kMaxChainJoints> animated, positions;
  for (std::size_t k = 0; k < count; ++k) {
    animated[k] = glm::vec3(world * nth(model, chain.joints[k])[3]);
  }
  if (!state.started) {
    for (std::size_t k = 0; k < count; ++k) state.particles[k] = {animated[k], glm::vec3(0.0f)};
    state.previous = animated;
    state.pending_s = 0.0;
    state.started = true;
  }
  const double h = settings.substep_s;
  const double since_last_step = state.pending_s;  // at the last call's end
  state.pending_s += dt_s;
  // The epsilon absorbs float dt (1/60 is not exact), so 2 x 1/60 and 1/30 step alike.
  const int steps = std::min(kMaxSpringSubsteps, static_cast<int>(state.pending_s / h + 1e-4));
  state.pending_s = std::max(0.0, state.pending_s - steps * h);
  const float w = glm::two_pi<float>() * settings.frequency_hz;
  const glm::vec3 sag = settings.gravity / (w * w);
  const glm::vec3 center = glm::vec3(world * glm::vec4(settings.sphere_center, 1.0f));
  const DampedSpringStep step =
      damped_spring_step(settings.frequency_hz, settings.damping_ratio, settings.substep_s);
  std::array<float, kMaxChainJoints> bone_length{};
  for (std::size_t k = 1; k < count; ++k)
    bone_length[k] = glm::length(animated[k] - animated[k - 1]);
  for (int s = 0; s < steps; ++s) {
    // Where this sub-step falls in the frame: 0 at the last call's pose, 1 at this one's.
    const float f =
        dt_s > 0.0f
            ? static_cast<float>(std::clamp(((s + 1) * h - since_last_step) / dt_s, 0.0, 1.0))
            : 1.0f;
    glm::vec3 pose_parent = glm::mix(state.previous[0], animated[0], f);
    state.particles[0] = {pose_parent, glm::vec3(0.0f)};
    for (std::size_t k = 1; k < count; ++k) {
      const glm::vec3 pose = glm::mix(state.previous[k], animated[k], f);
      const glm::vec3 parent = state.particles[k - 1].position;
      const glm::vec3 goal = parent + (pose - pose_parent) + sag;
      SpringParticle p = advance_damped_spring(state.particles[k], goal, step);
      p.position = constrain(parent, p.position, bone_length[k], center, settings.sphere_radius_m);
      state.particles[k] = p;
      pose_parent = pose;
    }
  }
  state.previous = animated;
  // world is affine: its inverse is the inverse of its 3x3 part after the translation.
  const glm::mat3 to_model = glm::inverse(glm::mat3(world));
  const glm::vec3 world_origin(world[3]);
  for (std::size_t k = 0; k < count; ++k) {
    positions[k] = to_model * (state.particles[k].position - world_origin);
  }
  pose_chain_to_positions(skeleton, chain, {positions.data(), count}, local, model);
  return JobResult::ok();
}

}  // namespace anim
