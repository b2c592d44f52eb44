#include "anim/root_motion.h"

#include <cmath>
#include <numbers>
#include <utility>

namespace anim {

Transform parent_rest_model(const Skeleton& skeleton, int joint) {
  Transform model;
  for (int p = skeleton.parents[static_cast<std::size_t>(joint)]; p >= 0;
       p = skeleton.parents[static_cast<std::size_t>(p)]) {
    model = compose(skeleton.rest_pose[static_cast<std::size_t>(p)], model);
  }
  return model;
}

float heading_yaw(const glm::quat& rotation, const glm::quat& rest_rotation) {
  const glm::vec3 forward = (rotation * glm::conjugate(rest_rotation)) * glm::vec3(0, 0, 1);
  if (std::fabs(forward.x) + std::fabs(forward.z) < 1e-6f) return 0.0f;  // pointing straight up
  return std::atan2(forward.x, forward.z);
}

namespace {

glm::quat yaw_rotation(float yaw_rad) {
  return glm::angleAxis(yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f));
}

// The same angle in [-pi, pi], so a heading difference never spins the long way round.
float wrap_angle(float a) {
  return std::remainder(a, 2.0f * std::numbers::pi_v<float>);
}

// What the root motion settings extract from the root at one time: a position and a heading.
struct Heading {
  glm::vec3 position{0.0f};
  float yaw_rad = 0.0f;
};

class HeadingSampler {
 public:
  HeadingSampler(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                 const RootMotionSettings& settings, const RootRestFrame& frame)
      : clip_(clip),
        binding_(binding),
        skeleton_(skeleton),
        settings_(settings),
        parent_(frame.parent),
        rest_rotation_(frame.rest.rotation) {}

  Heading at(float time_s, std::array<std::uint32_t, 3>& key_cursors) const {
    const Transform local =
        sample_joint(clip_, binding_, skeleton_, settings_.root_joint, time_s, key_cursors);
    const Transform model = compose(parent_, local);
    Heading h;
    h.position = {settings_.extract_x ? model.translation.x : 0.0f,
                  settings_.extract_y ? model.translation.y : 0.0f,
                  settings_.extract_z ? model.translation.z : 0.0f};
    h.yaw_rad = settings_.extract_yaw ? heading_yaw(model.rotation, rest_rotation_) : 0.0f;
    return h;
  }

 private:
  const Clip& clip_;
  const ClipBinding& binding_;
  const Skeleton& skeleton_;
  const RootMotionSettings& settings_;
  Transform parent_;
  glm::quat rest_rotation_;
};

// The step from heading a to heading b, expressed in a's frame.
RootMotionDelta step_between(const Heading& a, const Heading& b) {
  return {yaw_rotation(-a.yaw_rad) * (b.position - a.position), wrap_angle(b.yaw_rad - a.yaw_rad)};
}

// step composed with itself n times, by squaring, so huge time jumps stay cheap.
RootMotionDelta repeat(RootMotionDelta step, long long n) {
  RootMotionDelta total;
  while (n > 0) {
    if (n & 1) total = compose(total, step);
    step = compose(step, step);
    n >>= 1;
  }
  return total;
}

bool valid_root(const Skeleton& skeleton, int joint) {
  return joint >= 0 && joint < skeleton.joint_count() &&
         skeleton.rest_pose.size() == skeleton.parents.size();
}

}  // namespace

RootMotionDelta compose(const RootMotionDelta& a, const RootMotionDelta& b) {
  return {a.translation + yaw_rotation(a.yaw_rad) * b.translation, a.yaw_rad + b.yaw_rad};
}

RootRestFrame root_rest_frame(const Skeleton& skeleton, int root_joint) {
  RootRestFrame frame;
  frame.parent = parent_rest_model(skeleton, root_joint);
  frame.inverse_parent = inverse(frame.parent);
  frame.rest = compose(frame.parent, skeleton.rest_pose[static_cast<std::size_t>(root_joint)]);
  return frame;
}

RootMotionDelta extract_root_motion(const Clip& clip, const ClipBinding& binding,
                                    const Skeleton& skeleton, const RootMotionSettings& settings,
                                    float time_s, float delta_time_s) {
  if (!valid_root(skeleton, settings.root_joint)) return {};
  RootMotionCursor unused;
  return extract_root_motion(clip, binding, skeleton, settings,
                             root_rest_frame(skeleton, settings.root_joint), time_s, delta_time_s,
                             unused);
}

RootMotionDelta extract_root_motion(const Clip& clip, const ClipBinding& binding,
                                    const Skeleton& skeleton, const RootMotionSettings& settings,
                                    const RootRestFrame& frame, float time_s, float delta_time_s,
                                    RootMotionCursor& cursor) {
  const float duration = clip.duration_s;
  if (!valid_root(skeleton, settings.root_joint) || !std::isfinite(duration) || duration <= 0.0f ||
      !std::isfinite(time_s) || !std::isfinite(delta_time_s)) {
    return {};
  }
  const HeadingSampler heading(clip, binding, skeleton, settings, frame);
  constexpr float kSameTime_s = 1e-5f;
  // The step's two ends: the start from the cursor when it stopped there, the end remembered.
  auto ends = [&](float local0, float local1) {
    const Heading start = cursor.valid && std::fabs(cursor.time_s - local0) <= kSameTime_s
                              ? Heading{cursor.position, cursor.yaw_rad}
                              : heading.at(local0, cursor.keys);
    const Heading end = heading.at(local1, cursor.keys);
    cursor = {true, local1, end.position, end.yaw_rad, cursor.keys};
    return std::pair{start, end};
  };
  if (!clip.loop) {
    const auto [start, end] =
        ends(wrap_clip_time(clip, time_s), wrap_clip_time(clip, time_s + delta_time_s));
    return step_between(start, end);
  }
  // Split the unwrapped interval at each loop boundary: partial cycle, whole cycles, partial.
  const double start_s = time_s;
  const double end_s = static_cast<double>(time_s) + delta_time_s;
  const double cycle0 = std::floor(start_s / duration);
  const double cycle1 = std::floor(end_s / duration);
  const auto [start, end] = ends(static_cast<float>(start_s - cycle0 * duration),
                                 static_cast<float>(end_s - cycle1 * duration));
  if (cycle0 == cycle1) return step_between(start, end);
  std::array<std::uint32_t, 3> loop_keys{};
  const Heading clip_start = heading.at(0.0f, loop_keys);
  const Heading clip_end = heading.at(duration, loop_keys);
  if (cycle1 > cycle0) {
    const auto whole = static_cast<long long>(cycle1 - cycle0) - 1;
    RootMotionDelta total = step_between(start, clip_end);
    total = compose(total, repeat(step_between(clip_start, clip_end), whole));
    return compose(total, step_between(clip_start, end));
  }
  const auto whole = static_cast<long long>(cycle0 - cycle1) - 1;
  RootMotionDelta total = step_between(start, clip_start);
  total = compose(total, repeat(step_between(clip_end, clip_start), whole));
  return compose(total, step_between(clip_end, end));
}

JobResult remove_root_motion(const Skeleton& skeleton, const RootMotionSettings& settings,
                             std::span<Transform> local) {
  if (!valid_root(skeleton, settings.root_joint)) {
    return JobResult::fail("remove_root_motion: root_joint is not a joint of the skeleton");
  }
  return remove_root_motion(skeleton, settings, root_rest_frame(skeleton, settings.root_joint),
                            local);
}

JobResult remove_root_motion(const Skeleton& skeleton, const RootMotionSettings& settings,
                             const RootRestFrame& frame, std::span<Transform> local) {
  if (!valid_root(skeleton, settings.root_joint)) {
    return JobResult::fail("remove_root_motion: root_joint is not a joint of the skeleton");
  }
  if (local.size() != skeleton.parents.size()) {
    return JobResult::fail("remove_root_motion: the pose is not the skeleton's joint count");
  }
  const auto root = static_cast<std::size_t>(settings.root_joint);
  const Transform& rest = frame.rest;
  Transform model = compose(frame.parent, local[root]);
  if (settings.extract_x) model.translation.x = rest.translation.x;
  if (settings.extract_y) model.translation.y = rest.translation.y;
  if (settings.extract_z) model.translation.z = rest.translation.z;
  if (settings.extract_yaw) {
    // Turning about +Y in model space changes the heading by exactly that angle.
    model.rotation = yaw_rotation(-heading_yaw(model.rotation, rest.rotation)) * model.rotation;
  }
  local[root] = compose(frame.inverse_parent, model);
  return JobResult::ok();
}

Transform step_transform(const RootMotionDelta& step) {
  return {step.translation, yaw_rotation(step.yaw_rad), glm::vec3(1.0f)};
}

Transform accumulate_root_motion(const Transform& world, const RootMotionDelta& step) {
  Transform out = world;
  out.translation = transform_point(world, step.translation);
  out.rotation = glm::normalize(world.rotation * yaw_rotation(step.yaw_rad));
  return out;
}

}  // namespace anim
