#include "anim/inertialization.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"

namespace anim {

namespace {

// Offsets below these are treated as none: their direction would be noise.
constexpr float kMinAngle = 1e-6f;
constexpr float kMinDistance = 1e-7f;

// The rotation from target to q (q * inverse(target)) on the shortest arc, as axis and angle.
void rotation_offset(const glm::quat& q, const glm::quat& target, glm::vec3& axis, float& angle) {
  glm::quat d = q * glm::conjugate(target);
  if (d.w < 0.0f) d = -d;
  const glm::vec3 v(d.x, d.y, d.z);
  const float s = glm::length(v);
  angle = 2.0f * std::atan2(s, d.w);
  axis = s > 0.0f ? v / s : glm::vec3(1.0f, 0.0f, 0.0f);
}

// The angle of q * inverse(target) about a given axis (its twist about that axis).
float angle_about(const glm::quat& q, const glm::quat& target, const glm::vec3& axis) {
  glm::quat d = q * glm::conjugate(target);
  if (d.w < 0.0f) d = -d;
  return 2.0f * std::atan2(glm::dot(glm::vec3(d.x, d.y, d.z), axis), d.w);
}

}  // namespace

QuinticDecay QuinticDecay::make(float x0, float v0, float blend_time_s) {
  QuinticDecay d;
  d.x0 = x0;
  if (x0 <= 0.0f || blend_time_s <= 0.0f) return d;  // nothing to decay: at() gives 0
  // Moving away from the target would overshoot: start at rest instead.
  v0 = std::min(v0, 0.0f);
  float t1 = blend_time_s;
  // Reaching zero sooner than the velocity implies would make the curve cross zero.
  if (v0 < 0.0f) t1 = std::min(t1, -5.0f * x0 / v0);
  const float a0 = std::max(0.0f, (-8.0f * v0 * t1 - 20.0f * x0) / (t1 * t1));
  d.v0 = v0;
  d.a0 = a0;
  d.t1 = t1;
  const float t2 = t1 * t1, t3 = t2 * t1, t4 = t3 * t1, t5 = t4 * t1;
  d.a = -(a0 * t2 + 6.0f * v0 * t1 + 12.0f * x0) / (2.0f * t5);
  d.b = (3.0f * a0 * t2 + 16.0f * v0 * t1 + 30.0f * x0) / (2.0f * t4);
  d.c = -(3.0f * a0 * t2 + 12.0f * v0 * t1 + 20.0f * x0) / (2.0f * t3);
  return d;
}

float QuinticDecay::at(float t) const {
  if (t >= t1) return 0.0f;
  t = std::max(t, 0.0f);
  return (((((a * t + b) * t + c) * t + 0.5f * a0) * t + v0) * t) + x0;
}

void Inertializer::init(int joint_count) {
  joints_.assign(as_size(std::max(joint_count, 0)), JointOffset{});
  active_ = false;
  elapsed_s_ = 0.0f;
  blend_time_s_ = 0.0f;
}

JobResult Inertializer::start(std::span<const Transform> source_previous,
                              std::span<const Transform> source_current,
                              std::span<const Transform> target, float dt_s, float blend_time_s) {
  const std::size_t n = joints_.size();
  if (source_previous.size() != n) return JobResult::fail("source_previous: wrong joint count");
  if (source_current.size() != n) return JobResult::fail("source_current: wrong joint count");
  if (target.size() != n) return JobResult::fail("target: wrong joint count");
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return JobResult::fail("dt_s: must be positive");
  if (!(blend_time_s > 0.0f) || !std::isfinite(blend_time_s)) {
    return JobResult::fail("blend_time_s: must be positive");
  }
  for (std::size_t j = 0; j < n; ++j) {
    JointOffset& o = joints_[j];
    // Rotation: the current offset's angle about its axis, and the previous offset measured
    // about the same axis, give the angular speed along it (Bollo's x_-1).
    float angle = 0.0f;
    rotation_offset(source_current[j].rotation, target[j].rotation, o.axis, angle);
    if (angle > kMinAngle) {
      const float previous = angle_about(source_previous[j].rotation, target[j].rotation, o.axis);
      o.rotation = QuinticDecay::make(angle, (angle - previous) / dt_s, blend_time_s);
    } else {
      o.rotation = {};
    }
    // Translation: the same along the offset's direction.
    const glm::vec3 offset = source_current[j].translation - target[j].translation;
    const float distance = glm::length(offset);
    if (distance > kMinDistance) {
      o.direction = offset / distance;
      const float previous =
          glm::dot(source_previous[j].translation - target[j].translation, o.direction);
      o.translation = QuinticDecay::make(distance, (distance - previous) / dt_s, blend_time_s);
    } else {
      o.translation = {};
    }
  }
  elapsed_s_ = 0.0f;
  blend_time_s_ = blend_time_s;
  active_ = true;
  return JobResult::ok();
}

JobResult Inertializer::apply(std::span<Transform> pose) const {
  if (pose.size() != joints_.size()) return JobResult::fail("pose: wrong joint count");
  if (!active()) return JobResult::ok();
  for (std::size_t j = 0; j < joints_.size(); ++j) {
    const JointOffset& o = joints_[j];
    const float angle = o.rotation.at(elapsed_s_);
    if (angle != 0.0f) {
      pose[j].rotation = glm::normalize(glm::angleAxis(angle, o.axis) * pose[j].rotation);
    }
    pose[j].translation += o.direction * o.translation.at(elapsed_s_);
  }
  return JobResult::ok();
}

void WeightInertializer::init(int channel_count) {
  channels_.assign(as_size(std::max(channel_count, 0)), ChannelOffset{});
  active_ = false;
  elapsed_s_ = 0.0f;
  blend_time_s_ = 0.0f;
}

JobResult WeightInertializer::start(std::span<const float> source_previous,
                                    std::span<const float> source_current,
                                    std::span<const float> target, float dt_s, float blend_time_s) {
  const std::size_t n = channels_.size();
  if (source_previous.size() != n) return JobResult::fail("source_previous: wrong channel count");
  if (source_current.size() != n) return JobResult::fail("source_current: wrong channel count");
  if (target.size() != n) return JobResult::fail("target: wrong channel count");
  if (!(dt_s > 0.0f) || !std::isfinite(dt_s)) return JobResult::fail("dt_s: must be positive");
  if (!(blend_time_s > 0.0f) || !std::isfinite(blend_time_s)) {
    return JobResult::fail("blend_time_s: must be positive");
  }
  for (std::size_t c = 0; c < n; ++c) {
    ChannelOffset& o = channels_[c];
    const float offset = source_current[c] - target[c];
    o.sign = offset < 0.0f ? -1.0f : 1.0f;
    const float x0 = std::abs(offset);
    const float previous = o.sign * (source_previous[c] - target[c]);
    o.decay = std::isfinite(x0) && x0 > 0.0f
                  ? QuinticDecay::make(x0, (x0 - previous) / dt_s, blend_time_s)
                  : QuinticDecay{};
  }
  elapsed_s_ = 0.0f;
  blend_time_s_ = blend_time_s;
  active_ = true;
  return JobResult::ok();
}

JobResult WeightInertializer::apply(std::span<float> weights) const {
  if (weights.size() != channels_.size()) return JobResult::fail("weights: wrong channel count");
  if (!active()) return JobResult::ok();
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    weights[c] += channels_[c].sign * channels_[c].decay.at(elapsed_s_);
  }
  return JobResult::ok();
}

}  // namespace anim
