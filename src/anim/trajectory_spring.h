#pragma once
// Critically damped springs that turn a player's input (a desired velocity and facing) into the
// smooth trajectory a motion-matching query asks for (D. Holden, "Spring-It-On: The Game
// Developer's Spring-Roll-Call", 2021). Everything is closed form: updating by dt, or predicting
// any time ahead, is exact for a goal held constant, so prediction needs no stepping.
//
// Units: metres, seconds, radians; positions and velocities in the world (Y-up); yaw about +Y,
// 0 facing +Z. The half-life is the time the distance to the goal takes to halve (roughly).

#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"

namespace anim {

// The rate y of the critically damped spring with this half-life: the error decays as
// (c0 + c1 t) exp(-y t). y = 2 ln 2 / half_life (half_life clamped to at least 1e-5 s).
float spring_rate_from_half_life(float half_life_s);

// The ground position of the simulated character: its velocity follows a critically damped
// spring towards a goal velocity, v(t) = goal + (j0 + j1 t) exp(-y t) with j0 = v0 - goal and
// j1 = a0 + j0 y, and the position is its integral.
struct VelocitySpringState {
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  glm::vec3 acceleration{0.0f};
};

// The state after dt_s seconds with goal_velocity held (closed form; dt_s may be 0).
VelocitySpringState advance_velocity_spring(const VelocitySpringState& state,
                                            const glm::vec3& goal_velocity, float half_life_s,
                                            float dt_s);

// The facing of the simulated character: a critically damped spring on the angle towards the
// goal (taken the short way round), x(t) = goal + (j0 + j1 t) exp(-y t) with j0 = x0 - goal and
// j1 = v0 + j0 y.
struct YawSpringState {
  float yaw_rad = 0.0f;
  float yaw_rate_rad_s = 0.0f;
};

YawSpringState advance_yaw_spring(const YawSpringState& state, float goal_yaw_rad,
                                  float half_life_s, float dt_s);

// Predicts the spring at each of times_s (seconds ahead) with its goal held: what a
// motion-matching query calls the desired trajectory. Fails when the output spans are not the
// size of times_s.
JobResult predict_trajectory(const VelocitySpringState& position, const YawSpringState& facing,
                             const glm::vec3& goal_velocity, float goal_yaw_rad,
                             float position_half_life_s, float facing_half_life_s,
                             std::span<const float> times_s, std::span<glm::vec3> out_positions,
                             std::span<float> out_yaws_rad);

// The same angle in [-pi, pi].
float wrap_angle_rad(float angle_rad);

}  // namespace anim
