#include "anim/play_rate_hold.h"

#include <cmath>

namespace anim {

float held_play_rate(float held_rate, float needed_rate, float dt_s) {
  if (!std::isfinite(needed_rate)) return held_rate;
  if (!std::isfinite(held_rate) || needed_rate >= held_rate) return needed_rate;
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return held_rate;
  const float keep = std::exp2(-dt_s / kPlayRateHoldHalfLife_s);
  return needed_rate + keep * (held_rate - needed_rate);
}

}  // namespace anim
