#pragma once
// A value that follows its goal like a critically damped spring, stepped exactly for any dt, so
// the frame rate does not change where it goes (D. Holden, "Spring-It-On", 2021).

#include <cmath>

namespace anim {

// A critically damped spring moving value toward goal: it settles without overshoot, and half of
// any remaining gap closes in halflife_s. Exact for any dt, so frame rate does not change it.
template <typename T>
void spring_toward(T& value, T& velocity, const T& goal, float halflife_s, float dt_s) {
  if (!(halflife_s > 0.0f)) {
    value = goal;
    velocity = T(0.0f);
    return;
  }
  const float y = 2.0f * 0.69314718f / halflife_s;  // half the damping of a critical spring
  const T j0 = value - goal;
  const T j1 = velocity + j0 * y;
  const float decay = std::exp(-y * dt_s);
  value = decay * (j0 + j1 * dt_s) + goal;
  velocity = decay * (velocity - j1 * y * dt_s);
}

}  // namespace anim
