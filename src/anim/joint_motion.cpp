#include "anim/joint_motion.h"

#include <algorithm>
#include <cmath>

#include "anim/math.h"

namespace anim {
namespace {

constexpr float kRadToDeg = 57.2957795131f;

}  // namespace

int joint_motion_frame_count(float t0_s, float t1_s, float fps) {
  if (!std::isfinite(t0_s) || !std::isfinite(t1_s) || !(fps > 0.0f) || !std::isfinite(fps) ||
      t1_s < t0_s) {
    return 0;
  }
  const double steps = (static_cast<double>(t1_s) - t0_s) * fps;
  const double whole = std::floor(steps + 1e-4);
  return static_cast<int>(whole) + 1 + (steps - whole > 1e-4 ? 1 : 0);
}

float joint_motion_frame_time(float t0_s, float t1_s, float fps, int frame) {
  return std::min(t1_s, static_cast<float>(t0_s + static_cast<double>(frame) / fps));
}

JobResult derive_joint_motion(std::span<JointMotionFrame> frames, EulerOrder order) {
  for (std::size_t i = 1; i < frames.size(); ++i) {
    if (!(frames[i].time_s > frames[i - 1].time_s)) {
      return JobResult::fail("derive_joint_motion: frame times must increase");
    }
  }
  const std::size_t n = frames.size();
  for (std::size_t i = 0; i < n; ++i) {
    glm::quat& q = frames[i].local.rotation;
    q = glm::normalize(q);
    if (i > 0 && glm::dot(q, frames[i - 1].local.rotation) < 0.0f) q = -q;
    const glm::vec3 e = euler_from_quat(q, order);
    frames[i].euler_deg =
        kRadToDeg * (i == 0 ? e : unwrap_euler(frames[i - 1].euler_deg / kRadToDeg, e, order));
  }
  for (std::size_t i = 0; i < n && n > 1; ++i) {
    const std::size_t a = i == 0 ? 0 : i - 1;
    const std::size_t b = i + 1 == n ? i : i + 1;
    const float dt = frames[b].time_s - frames[a].time_s;
    frames[i].linear_speed =
        glm::length(frames[b].model_translation - frames[a].model_translation) / dt;
    frames[i].angular_speed_deg =
        kRadToDeg * angle_between(frames[a].local.rotation, frames[b].local.rotation) / dt;
  }
  for (std::size_t i = 1; i + 1 < n; ++i) {
    // The derivative of the two one-sided velocities, for frames not evenly spaced (the last).
    const JointMotionFrame& a = frames[i - 1];
    const JointMotionFrame& m = frames[i];
    const JointMotionFrame& b = frames[i + 1];
    const glm::vec3 before = (m.model_translation - a.model_translation) / (m.time_s - a.time_s);
    const glm::vec3 after = (b.model_translation - m.model_translation) / (b.time_s - m.time_s);
    frames[i].linear_acceleration = 2.0f * glm::length(after - before) / (b.time_s - a.time_s);
  }
  if (n >= 3) {
    frames[0].linear_acceleration = frames[1].linear_acceleration;
    frames[n - 1].linear_acceleration = frames[n - 2].linear_acceleration;
  }
  return JobResult::ok();
}

}  // namespace anim
