#include "anim/root_motion_track.h"

#include <cmath>

#include "anim/index.h"
#include "anim/root_motion.h"

namespace anim {

namespace {

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
  track.shared_key_times = track.heading_times_s == track.position_times_s;
  return track;
}

}  // namespace anim
