#pragma once
// A three-joint walker for the motion-matching tests: hips (root motion on the ground plane and
// about +Y) and two feet below it, with clips moving at a constant velocity and turn rate while
// the feet swing, keyed at 60 Hz. Its features have hand-computable values.

#include <cmath>
#include <numbers>
#include <string>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace anim::testing {

inline constexpr float kWalkerHipsHeight_m = 1.0f;

// Joints: 0 hips, 1 foot_l, 2 foot_r.
inline Skeleton make_walker_skeleton() {
  Skeleton s;
  s.joint_names = {"hips", "foot_l", "foot_r"};
  s.parents = {kNoParent, 0, 0};
  s.rest_pose.resize(3);
  s.rest_pose[0].translation = {0.0f, kWalkerHipsHeight_m, 0.0f};
  s.rest_pose[1].translation = {0.1f, -0.95f, 0.0f};
  s.rest_pose[2].translation = {-0.1f, -0.95f, 0.0f};
  s.inverse_bind.assign(3, glm::mat4(1.0f));
  return s;
}

// velocity (x, z) in the walker's frame at the start (it turns with turn_rate_rad_s), feet
// swinging forward and back by stride_m at cycle_s per stride.
inline Clip make_walker_clip(const std::string& name, glm::vec2 velocity_mps, float turn_rate_rad_s,
                             float duration_s, bool loop, float stride_m = 0.3f,
                             float cycle_s = 1.0f) {
  Clip clip;
  clip.name = name;
  clip.duration_s = duration_s;
  clip.source_fps = 60.0f;
  clip.loop = loop;
  JointTrack hips{"hips", {}, {}, {}};
  JointTrack left{"foot_l", {}, {}, {}};
  JointTrack right{"foot_r", {}, {}, {}};
  const int keys = static_cast<int>(std::lround(duration_s * 60.0f)) + 1;
  glm::vec3 position(0.0f, kWalkerHipsHeight_m, 0.0f);
  float yaw = 0.0f;
  const float dt = duration_s / static_cast<float>(keys - 1);
  for (int k = 0; k < keys; ++k) {
    const float t = static_cast<float>(k) * dt;
    const float phase = 2.0f * std::numbers::pi_v<float> * t / cycle_s;
    hips.translation.times_s.push_back(t);
    hips.translation.values.push_back(position +
                                      glm::vec3(0.0f, 0.02f * std::cos(2 * phase), 0.0f));
    hips.rotation.times_s.push_back(t);
    hips.rotation.values.push_back(glm::angleAxis(yaw, glm::vec3(0, 1, 0)));
    left.translation.times_s.push_back(t);
    left.translation.values.push_back({0.1f, -0.95f + 0.05f * std::max(0.0f, std::sin(phase)),
                                       0.5f * stride_m * std::cos(phase)});
    right.translation.times_s.push_back(t);
    right.translation.values.push_back({-0.1f, -0.95f + 0.05f * std::max(0.0f, -std::sin(phase)),
                                        -0.5f * stride_m * std::cos(phase)});
    // Integrate the ground motion in small steps so the turn stays exact to float rounding.
    for (int sub = 0; sub < 16; ++sub) {
      const float h = dt / 16.0f;
      const glm::vec3 v(velocity_mps.x, 0.0f, velocity_mps.y);
      const float mid = yaw + 0.5f * turn_rate_rad_s * h;
      position += glm::angleAxis(mid, glm::vec3(0, 1, 0)) * v * h;
      yaw += turn_rate_rad_s * h;
    }
  }
  clip.tracks = {hips, left, right};
  return clip;
}

}  // namespace anim::testing
