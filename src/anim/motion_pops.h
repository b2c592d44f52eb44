#pragma once
// Pops: frames where a point's acceleration spikes far above its usual level, the mark of a
// displaced key or a glitch in a motion-capture take. The level is robust (the median of the
// acceleration's magnitude, which a few spikes do not move), so a fast but smooth arc is not a
// pop while a one-frame kink in a slow one is.

#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

struct PopSettings {
  float median_factor = 8.0f;  // a pop exceeds this many times the median acceleration ...
  float floor = 20.0f;         // ... and this (units per s^2; 20 m/s^2: a 2 cm kink at 30 fps)
};

struct Pop {
  int frame = 0;
  float time_s = 0.0f;
  float acceleration = 0.0f;  // magnitude, units per s^2
};

// The magnitude of the acceleration at each frame of points sampled every dt_s (the second
// difference; the end frames copy their neighbours). Empty for fewer than 3 points or dt_s <= 0.
std::vector<float> acceleration_magnitudes(std::span<const glm::vec3> points, float dt_s);

// The level above which an acceleration is a pop: max(median_factor * the median of
// accelerations, floor); floor for none.
float pop_threshold(std::span<const float> accelerations, const PopSettings& settings = {});

// The pops among accelerations, one per frame at times_s (of the same size): the frames, not at
// either end, whose acceleration exceeds pop_threshold and is a local maximum. In frame order.
std::vector<Pop> pops_among(std::span<const float> accelerations, std::span<const float> times_s,
                            const PopSettings& settings = {});

// The pops of points sampled every dt_s from t0_s, among their acceleration_magnitudes (a
// displaced key kinks the curve at three frames; the middle one, the key, is reported).
std::vector<Pop> find_pops(std::span<const glm::vec3> points, float t0_s, float dt_s,
                           const PopSettings& settings = {});

}  // namespace anim
