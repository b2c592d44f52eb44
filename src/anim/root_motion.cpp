#include "anim/root_motion.h"

#include <cmath>
#include <utility>

#include "anim/index.h"
#include "anim/root_motion_track.h"

namespace anim {

Transform parent_rest_model(const Skeleton& skeleton, int joint) {
  Transform model;
  for (int p = nth(skeleton.parents, joint); p >= 0; p = nth(skeleton.parents, p)) {
    model = compose(nth(skeleton.rest_pose, p), model);
  }
  return model;
}

namespace {

glm::quat yaw_rotation(float yaw_rad) {
  return glm::angleAxis(yaw_rad, glm::vec3(0.0f, 1.0f, 0.0f));
}

// What the root motion settings extract from the root at one time: a position and a heading
// as (sin, cos) of its yaw, so that steps turn into it and measure turns without trigonometry.
using Heading = RootHeading;

// The rest-relative forward (+Z) axis of a model-space rotation on the ground plane, as
// heading_yaw measures it, and whether it points anywhere but straight up.
glm::vec2 ground_forward(const glm::quat& rotation, const glm::quat& rest_rotation) {
  const glm::vec3 forward = (rotation * glm::conjugate(rest_rotation)) * glm::vec3(0, 0, 1);
  return {forward.x, forward.z};
}

bool has_heading(glm::vec2 forward) {
  return std::fabs(forward.x) + std::fabs(forward.y) >= 1e-6f;
}

// The (sin, cos) of a ground forward axis's yaw (heading_yaw's); no heading is yaw 0.
glm::vec2 sin_cos_of(glm::vec2 forward) {
  if (!has_heading(forward)) return {0.0f, 1.0f};
  return forward * (1.0f / std::sqrt(forward.x * forward.x + forward.y * forward.y));
}

class HeadingSampler {
 public:
  HeadingSampler(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                 const RootMotionSettings& settings, const RootRestFrame& frame)
      : clip_(clip), binding_(binding), skeleton_(skeleton), settings_(settings), frame_(frame) {}

  Heading at(float time_s, std::array<std::uint32_t, 3>& key_cursors) const {
    const Transform local =
        sample_joint(clip_, binding_, skeleton_, settings_.root_joint, time_s, key_cursors);
    // compose(frame_.parent, local) less the scale, which the heading does not read.
    const glm::vec3 translation =
        frame_.parent.translation + frame_.parent_linear * local.translation;
    Heading h;
    if (settings_.extract_yaw) {
      // ground_forward(parent rotation * local.rotation, rest rotation), taken apart:
      // (p * l * conjugate(r)) * z = p * (l * (conjugate(r) * z)).
      const glm::vec3 forward = frame_.parent_turn * (local.rotation * frame_.rest_forward);
      h.sin_cos = sin_cos_of({forward.x, forward.z});
    }
    h.position = {settings_.extract_x ? translation.x : 0.0f,
                  settings_.extract_y ? translation.y : 0.0f,
                  settings_.extract_z ? translation.z : 0.0f};
    return h;
  }

 private:
  const Clip& clip_;
  const ClipBinding& binding_;
  const Skeleton& skeleton_;
  const RootMotionSettings& settings_;
  const RootRestFrame& frame_;
};

// A root motion track's headings for settings, read as HeadingSampler reads the joint's.
struct TrackSampler {
  const RootMotionTrack& track;
  const RootMotionSettings& settings;
  Heading at(float time_s, std::array<std::uint32_t, 3>& key_cursors) const {
    return track.at(time_s, settings, key_cursors);
  }
};

// The turn (radians, in [-pi, pi]) from heading a to heading b, given as (sin, cos): the
// arctangent of the sine and cosine of their difference. A frame's turn is a few degrees, where
// atan's series to t^7 is exact in float (the next term is below 3e-11 of the result) and costs
// less than a call to atan2; larger turns take atan2.
float turn_between(glm::vec2 a, glm::vec2 b) {
  const float sin_d = b.x * a.y - b.y * a.x;
  const float cos_d = b.y * a.y + b.x * a.x;
  if (cos_d > 0.0f && std::fabs(sin_d) <= 0.0625f * cos_d) {
    const float t = sin_d / cos_d;
    const float t2 = t * t;
    return t - t * t2 * (1.0f / 3.0f - t2 * (1.0f / 5.0f - t2 * (1.0f / 7.0f)));
  }
  return std::atan2(sin_d, cos_d);
}

// The step from heading a to heading b, expressed in a's frame: their offset turned by -a.yaw.
RootMotionDelta step_between(const Heading& a, const Heading& b) {
  const glm::vec3 d = b.position - a.position;
  const float s = a.sin_cos.x, c = a.sin_cos.y;
  return {{c * d.x - s * d.z, d.y, s * d.x + c * d.z}, turn_between(a.sin_cos, b.sin_cos)};
}

// The turn about +Y by minus the heading of forward (a ground forward axis): yaw_rotation(-yaw)
// from the heading's cosine by half-angle formulas, without an arctangent, a sine and a cosine.
glm::quat unturn(glm::vec2 forward) {
  if (!has_heading(forward)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  const float cos_yaw = forward.y / std::sqrt(forward.x * forward.x + forward.y * forward.y);
  const float cos_half = std::sqrt(std::max(0.5f + 0.5f * cos_yaw, 0.0f));
  const float sin_half = std::sqrt(std::max(0.5f - 0.5f * cos_yaw, 0.0f));
  return glm::quat(cos_half, 0.0f, -std::copysign(sin_half, forward.x), 0.0f);
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

float heading_yaw(const glm::quat& rotation, const glm::quat& rest_rotation) {
  const glm::vec2 forward = ground_forward(rotation, rest_rotation);
  return has_heading(forward) ? std::atan2(forward.x, forward.y) : 0.0f;
}

RootMotionDelta compose(const RootMotionDelta& a, const RootMotionDelta& b) {
  return {a.translation + yaw_rotation(a.yaw_rad) * b.translation, a.yaw_rad + b.yaw_rad};
}

RootRestFrame root_rest_frame(const Skeleton& skeleton, int root_joint) {
  RootRestFrame frame;
  frame.parent = parent_rest_model(skeleton, root_joint);
  frame.inverse_parent = inverse(frame.parent);
  frame.rest = compose(frame.parent, nth(skeleton.rest_pose, root_joint));
  frame.parent_turn = glm::mat3_cast(frame.parent.rotation);
  frame.parent_linear = frame.parent_turn;
  for (int axis = 0; axis < 3; ++axis) frame.parent_linear[axis] *= frame.parent.scale[axis];
  frame.rest_forward = glm::conjugate(frame.rest.rotation) * glm::vec3(0.0f, 0.0f, 1.0f);
  const Transform identity;
  frame.parent_is_identity = frame.parent.translation == identity.translation &&
                             frame.parent.rotation == identity.rotation &&
                             frame.parent.scale == identity.scale;
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

namespace {

// The step from start, at unwrapped cycle cycle0, to end, at cycle1 (not cycle0), with the whole
// cycles between: out of line, as a step seldom crosses the loop, so that the one within a cycle
// is compact.
template <typename HeadingSource>
[[gnu::noinline]] RootMotionDelta step_across_cycles(const HeadingSource& heading, float duration,
                                                     double cycle0, double cycle1,
                                                     const Heading& start, const Heading& end) {
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

// The step of extract_root_motion with the root's headings read from heading (a HeadingSampler or
// a TrackSampler).
template <typename HeadingSource>
RootMotionDelta extract_step(const Clip& clip, const HeadingSource& heading, float time_s,
                             float delta_time_s, RootMotionCursor& cursor) {
  const float duration = clip.duration_s;
  if (!std::isfinite(duration) || duration <= 0.0f || !std::isfinite(time_s) ||
      !std::isfinite(delta_time_s)) {
    return {};
  }
  constexpr float kSameTime_s = 1e-5f;
  // The step's two ends: the start from the cursor when it stopped there, the end remembered.
  // The cursor is written field by field: copying a whole Heading, built a field at a time, made
  // the compiler reload it in one wide load, which waits for the narrow stores to retire.
  Heading start;
  Heading end;
  auto sample_ends = [&](float local0, float local1) {
    if (cursor.valid && std::fabs(cursor.time_s - local0) <= kSameTime_s) {
      start.position = cursor.position;
      start.sin_cos = cursor.heading;
    } else {
      start = heading.at(local0, cursor.keys);
    }
    end = heading.at(local1, cursor.keys);
    cursor.valid = true;
    cursor.time_s = local1;
    cursor.position = end.position;
    cursor.heading = end.sin_cos;
  };
  if (!clip.loop) {
    sample_ends(wrap_clip_time(clip, time_s), wrap_clip_time(clip, time_s + delta_time_s));
    return step_between(start, end);
  }
  // Split the unwrapped interval at each loop boundary: partial cycle, whole cycles, partial.
  const double start_s = time_s;
  const double end_s = static_cast<double>(time_s) + delta_time_s;
  // Most steps stay within the first cycle: cycle 0, whose ends, x - 0 * duration, are x exactly.
  if (start_s >= 0.0 && start_s < duration && end_s >= 0.0 && end_s < duration) {
    sample_ends(time_s, static_cast<float>(end_s));
    return step_between(start, end);
  }
  const double cycle0 = std::floor(start_s / duration);
  const double cycle1 = std::floor(end_s / duration);
  sample_ends(static_cast<float>(start_s - cycle0 * duration),
              static_cast<float>(end_s - cycle1 * duration));
  if (cycle0 == cycle1) return step_between(start, end);
  return step_across_cycles(heading, duration, cycle0, cycle1, start, end);
}

// extract_step from samples of the root joint's keys: out of line, so that reading a track, the
// usual way, is compact.
[[gnu::noinline]] RootMotionDelta extract_sampled_step(const Clip& clip, const ClipBinding& binding,
                                                       const Skeleton& skeleton,
                                                       const RootMotionSettings& settings,
                                                       const RootRestFrame& frame, float time_s,
                                                       float delta_time_s,
                                                       RootMotionCursor& cursor) {
  return extract_step(clip, HeadingSampler(clip, binding, skeleton, settings, frame), time_s,
                      delta_time_s, cursor);
}

}  // namespace

// Flattened, as two-bone IK is: the inliner leaves the glm operations the steps are made of out
// of line, a call each.
[[gnu::flatten]] RootMotionDelta extract_root_motion(const Clip& clip, const ClipBinding& binding,
                                                     const Skeleton& skeleton,
                                                     const RootMotionSettings& settings,
                                                     const RootRestFrame& frame, float time_s,
                                                     float delta_time_s, RootMotionCursor& cursor) {
  if (!valid_root(skeleton, settings.root_joint)) return {};
  const RootMotionTrack& track = binding.root_motion;
  if (track.exact && track.joint == settings.root_joint) {
    return extract_step(clip, TrackSampler{track, settings}, time_s, delta_time_s, cursor);
  }
  return extract_sampled_step(clip, binding, skeleton, settings, frame, time_s, delta_time_s,
                              cursor);
}

JobResult remove_root_motion(const Skeleton& skeleton, const RootMotionSettings& settings,
                             std::span<Transform> local) {
  if (!valid_root(skeleton, settings.root_joint)) {
    return JobResult::fail("remove_root_motion: root_joint is not a joint of the skeleton");
  }
  return remove_root_motion(skeleton, settings, root_rest_frame(skeleton, settings.root_joint),
                            local);
}

[[gnu::flatten]] JobResult remove_root_motion(const Skeleton& skeleton,
                                              const RootMotionSettings& settings,
                                              const RootRestFrame& frame,
                                              std::span<Transform> local) {
  if (!valid_root(skeleton, settings.root_joint)) {
    return JobResult::fail("remove_root_motion: root_joint is not a joint of the skeleton");
  }
  if (local.size() != skeleton.parents.size()) {
    return JobResult::fail("remove_root_motion: the pose is not the skeleton's joint count");
  }
  const auto root = as_size(settings.root_joint);
  const Transform& rest = frame.rest;
  // compose(identity, t) and compose(inverse(identity), t) are t with its rotation normalized
  // (the products with the identity are exact).
  const auto unit = [](const Transform& t) {
    return Transform{t.translation, glm::normalize(t.rotation), t.scale};
  };
  Transform model =
      frame.parent_is_identity ? unit(local[root]) : compose(frame.parent, local[root]);
  if (settings.extract_x) model.translation.x = rest.translation.x;
  if (settings.extract_y) model.translation.y = rest.translation.y;
  if (settings.extract_z) model.translation.z = rest.translation.z;
  if (settings.extract_yaw) {
    // Turning about +Y in model space changes the heading by exactly that angle.
    model.rotation = unturn(ground_forward(model.rotation, rest.rotation)) * model.rotation;
  }
  local[root] = frame.parent_is_identity ? unit(model) : compose(frame.inverse_parent, model);
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
