#include "anim/root_motion_track.h"

#include <cmath>

#include "anim/index.h"
#include "anim/key_interval.h"
#include "anim/root_motion.h"

namespace anim {

namespace {

// Where t falls among a channel's key times: interval k (keys k and k + 1) and the fraction s of
// t through it, as clip sampling measures them; at or before the first key s = 0 of the first
// interval, at or after the last s = 1 of the last. A single key is interval 0 at s = 0.
struct KeyPosition {
  std::size_t k = 0;
  float s = 0.0f;
};

KeyPosition locate(const std::vector<float>& times, float t, std::uint32_t& cursor) {
  const std::size_t keys = times.size();
  if (keys < 2 || !(t > times[0])) return {};
  if (t >= times[keys - 1]) return {keys - 2, 1.0f};
  const auto holds = [&](std::size_t k) {
    return k + 1 < keys && times[k] <= t && t < times[k + 1];
  };
  // The cursor's interval, then the next (playback moved on by a key), before a search.
  if (!holds(cursor)) {
    cursor = holds(std::size_t{cursor} + 1) ? cursor + 1 : find_key_interval(times, t, cursor);
  }
  const std::size_t k = cursor;
  return {k, (t - times[k]) / (times[k + 1] - times[k])};
}

// The vector part of a v b* for the pure quaternion v (any a and b, unit or not).
glm::vec3 sandwich(const glm::quat& a, const glm::vec3& v, const glm::quat& b) {
  const glm::quat product = a * glm::quat(0.0f, v) * glm::conjugate(b);
  return {product.x, product.y, product.z};
}

glm::vec2 ground(const glm::mat3& turn, const glm::vec3& v) {
  const glm::vec3 turned = turn * v;
  return {turned.x, turned.z};
}

// The heading's quadratic from key q0 to key q1 (q1 as nlerp takes it: negated when nearer).
HeadingInterval heading_interval(const RootRestFrame& frame, const glm::quat& q0, glm::quat q1) {
  if (glm::dot(q0, q1) < 0.0f) q1 = -q1;
  const glm::vec3 v = frame.rest_forward;
  HeadingInterval interval;
  interval.from = ground(frame.parent_turn, sandwich(q0, v, q0));
  interval.to = ground(frame.parent_turn, sandwich(q1, v, q1));
  interval.cross = ground(frame.parent_turn, 2.0f * sandwich(q0, v, q1));
  interval.from_norm2 = glm::dot(q0, q0);
  interval.to_norm2 = glm::dot(q1, q1);
  interval.twice_dot = 2.0f * glm::dot(q0, q1);
  return interval;
}

}  // namespace

RootHeading RootMotionTrack::at(float time_s, const RootMotionSettings& settings,
                                std::array<std::uint32_t, 3>& cursors) const {
  RootHeading h;
  const KeyPosition p = locate(position_times_s, time_s, cursors[0]);
  glm::vec3 position;
  if (position_step || position_times_s.size() < 2) {
    position = positions[p.k + (p.s >= 1.0f ? 1 : 0)];
  } else {
    const glm::vec3& a = positions[p.k];
    position = a + (positions[p.k + 1] - a) * p.s;
  }
  h.position = {settings.extract_x ? position.x : 0.0f, settings.extract_y ? position.y : 0.0f,
                settings.extract_z ? position.z : 0.0f};
  if (!settings.extract_yaw) return h;
  const KeyPosition r = locate(heading_times_s, time_s, cursors[1]);
  const float s = heading_step ? (r.s >= 1.0f ? 1.0f : 0.0f) : r.s;
  const HeadingInterval& q = intervals[r.k];
  const float a = (1.0f - s) * (1.0f - s), b = s * s, c = s * (1.0f - s);
  const glm::vec2 forward = a * q.from + b * q.to + c * q.cross;
  const float norm2 = a * q.from_norm2 + b * q.to_norm2 + c * q.twice_dot;
  // The joint's forward is forward / norm2: no heading when that points (nearly) straight up.
  if (std::fabs(forward.x) + std::fabs(forward.y) >= 1e-6f * norm2) {
    h.sin_cos = forward * (1.0f / std::sqrt(forward.x * forward.x + forward.y * forward.y));
  }
  return h;
}

RootMotionTrack make_root_motion_track(const Clip& clip, std::span<const int> joint_to_track,
                                       const Skeleton& skeleton, int joint) {
  RootMotionTrack track;
  if (joint < 0 || joint >= skeleton.joint_count() ||
      skeleton.rest_pose.size() != skeleton.parents.size() ||
      as_size(joint) >= joint_to_track.size()) {
    return track;
  }
  track.joint = joint;
  const Transform& rest = nth(skeleton.rest_pose, joint);
  const int index = joint_to_track[as_size(joint)];
  const JointTrack* keys =
      index >= 0 && as_size(index) < clip.tracks.size() ? &nth(clip.tracks, index) : nullptr;
  const Track<glm::vec3>* translation = keys ? &keys->translation : nullptr;
  const Track<glm::quat>* rotation = keys ? &keys->rotation : nullptr;
  if ((translation && translation->interpolation == Interpolation::CubicSpline) ||
      (rotation && rotation->interpolation == Interpolation::CubicSpline)) {
    return track;
  }
  track.exact = true;
  const RootRestFrame frame = root_rest_frame(skeleton, joint);

  const auto place = [&frame](const glm::vec3& local) {
    return frame.parent.translation + frame.parent_linear * local;
  };
  if (translation && !translation->times_s.empty()) {
    track.position_step = translation->interpolation == Interpolation::Step;
    track.position_times_s = translation->times_s;
    for (const glm::vec3& value : translation->values) track.positions.push_back(place(value));
  } else {
    track.position_times_s = {0.0f};
    track.positions = {place(rest.translation)};
  }
  if (rotation && !rotation->times_s.empty()) {
    track.heading_step = rotation->interpolation == Interpolation::Step;
    track.heading_times_s = rotation->times_s;
    const std::vector<glm::quat>& values = rotation->values;
    if (values.size() == 1) {
      track.intervals.push_back(heading_interval(frame, values[0], values[0]));
    }
    for (std::size_t k = 0; k + 1 < values.size(); ++k) {
      track.intervals.push_back(heading_interval(frame, values[k], values[k + 1]));
    }
  } else {
    track.heading_times_s = {0.0f};
    track.intervals = {heading_interval(frame, rest.rotation, rest.rotation)};
  }
  return track;
}

}  // namespace anim
