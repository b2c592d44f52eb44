#include "anim/trajectory_spring.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace anim {

float spring_rate_from_half_life(float half_life_s) {
  return 2.0f * std::numbers::ln2_v<float> / std::max(half_life_s, 1e-5f);
}

float wrap_angle_rad(float angle_rad) {
  return std::remainder(angle_rad, 2.0f * std::numbers::pi_v<float>);
}

VelocitySpringState advance_velocity_spring(const VelocitySpringState& s,
                                            const glm::vec3& goal_velocity, float half_life_s,
                                            float dt_s) {
  const float y = spring_rate_from_half_life(half_life_s);
  const glm::vec3 j0 = s.velocity - goal_velocity;
  const glm::vec3 j1 = s.acceleration + j0 * y;
  const float e = std::exp(-y * dt_s);
  VelocitySpringState out;
  // x(t) = x0 + goal t + j0 / y + j1 / y^2 - e (j0 / y + j1 / y^2 + j1 t / y)
  out.position = s.position + goal_velocity * dt_s + j0 / y + j1 / (y * y) -
                 e * (j0 / y + j1 / (y * y) + j1 * (dt_s / y));
  out.velocity = goal_velocity + e * (j0 + j1 * dt_s);
  out.acceleration = e * (s.acceleration - j1 * (y * dt_s));
  return out;
}

YawSpringState advance_yaw_spring(const YawSpringState& s, float goal_yaw_rad, float half_life_s,
                                  float dt_s) {
  const float y = spring_rate_from_half_life(half_life_s);
  const float j0 = wrap_angle_rad(s.yaw_rad - goal_yaw_rad);
  const float j1 = s.yaw_rate_rad_s + j0 * y;
  const float e = std::exp(-y * dt_s);
  // Keep the yaw continuous (no wrap): the goal is moved next to the current angle instead.
  const float goal = s.yaw_rad - j0;
  return {goal + e * (j0 + j1 * dt_s), e * (s.yaw_rate_rad_s - j1 * y * dt_s)};
}

JobResult predict_trajectory(const VelocitySpringState& position, const YawSpringState& facing,
                             const glm::vec3& goal_velocity, float goal_yaw_rad,
                             float position_half_life_s, float facing_half_life_s,
                             std::span<const float> times_s, std::span<glm::vec3> out_positions,
                             std::span<float> out_yaws_rad) {
  if (out_positions.size() != times_s.size()) {
    return JobResult::fail("predict_trajectory: out_positions is not the size of times_s");
  }
  if (out_yaws_rad.size() != times_s.size()) {
    return JobResult::fail("predict_trajectory: out_yaws_rad is not the size of times_s");
  }
  for (std::size_t i = 0; i < times_s.size(); ++i) {
    out_positions[i] =
        advance_velocity_spring(position, goal_velocity, position_half_life_s, times_s[i]).position;
    out_yaws_rad[i] =
        advance_yaw_spring(facing, goal_yaw_rad, facing_half_life_s, times_s[i]).yaw_rad;
  }
  return JobResult::ok();
}

}  // namespace anim
