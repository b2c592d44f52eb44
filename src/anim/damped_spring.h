#pragma once
// A value that follows its goal like a critically damped spring, stepped exactly for any dt, so
// the frame rate does not change where it goes (D. Holden, "Spring-It-On", 2021).

#include <cmath>

namespace anim {

// What one step of a spring takes from its half-life and dt alone: its damping and decay (an
// exponential). Made apart from the step so that a caller whose value arrives late (foot IK's
// pelvis waits on its feet) can make it early, while the value is still on its way.
struct SpringStep {
  bool snaps = false;  // no positive half-life: the value jumps to its goal
  float y = 0.0f;      // half the damping of a critical spring
  float decay = 1.0f;  // exp(-y dt)
  float dt_s = 0.0f;
};

inline SpringStep spring_step(float halflife_s, float dt_s) {
  SpringStep step;
  if (!(halflife_s > 0.0f)) {
    step.snaps = true;
    return step;
  }
  step.y = 2.0f * 0.69314718f / halflife_s;
  step.decay = std::exp(-step.y * dt_s);
  step.dt_s = dt_s;
  return step;
}

// A critically damped spring moving value toward goal by one step: it settles without overshoot,
// and half of any remaining gap closes in the step's half-life. Exact for any dt, so frame rate
// does not change it.
template <typename T>
void spring_toward(T& value, T& velocity, const T& goal, const SpringStep& step) {
  if (step.snaps) {
    value = goal;
    velocity = T(0.0f);
    return;
  }
  const T j0 = value - goal;
  const T j1 = velocity + j0 * step.y;
  value = step.decay * (j0 + j1 * step.dt_s) + goal;
  velocity = step.decay * (velocity - j1 * step.y * step.dt_s);
}

// The same with the step made from halflife_s and dt_s.
template <typename T>
void spring_toward(T& value, T& velocity, const T& goal, float halflife_s, float dt_s) {
  spring_toward(value, velocity, goal, spring_step(halflife_s, dt_s));
}

}  // namespace anim
