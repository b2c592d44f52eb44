#include "anim/hip_turn_easing.h"

#include <cmath>

namespace anim {

float eased_hip_turn(float current_rad, float target_rad, float dt_s) {
  if (!std::isfinite(target_rad)) return current_rad;
  if (!std::isfinite(current_rad)) return target_rad;
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return current_rad;
  const float keep = std::exp2(-dt_s / kHipTurnHalfLife_s);
  return target_rad + keep * (current_rad - target_rad);
}

}  // namespace anim
