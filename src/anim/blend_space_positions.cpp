#include "anim/blend_space_positions.h"

#include <cmath>

#include "anim/foot_contact.h"
#include "anim/root_motion.h"

namespace anim {
namespace {

glm::vec2 ground(const glm::vec3& v) {
  return {v.x, v.z};
}

}  // namespace

glm::vec2 root_velocity(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                        int root_joint) {
  if (!(clip.duration_s > 0.0f)) return glm::vec2(0.0f);
  RootMotionSettings settings;
  settings.root_joint = root_joint;
  settings.extract_yaw = false;  // keep the displacement in the clip's own (model) frame
  const RootMotionDelta cycle =
      extract_root_motion(clip, binding, skeleton, settings, 0.0f, clip.duration_s);
  return ground(cycle.translation) / clip.duration_s;
}

ClipVelocity compute_clip_velocity(const Clip& clip, const ClipBinding& binding,
                                   const Skeleton& skeleton, int root_joint,
                                   std::span<const Leg> legs, float min_root_speed_mps) {
  const glm::vec2 root = root_velocity(clip, binding, skeleton, root_joint);
  if (glm::length(root) >= min_root_speed_mps || legs.empty()) {
    return {root, VelocitySource::RootMotion};
  }
  const glm::vec2 feet = -clip_ground_velocity(skeleton, clip, legs);
  // Slower than the root's threshold is standing: an idle's soles shuffle by a few micrometres a
  // second, which would put it beside the centre instead of on it.
  return {glm::length(feet) >= min_root_speed_mps ? feet : glm::vec2(0.0f), VelocitySource::Feet};
}

ClipVelocity with_typed_speed(const ClipVelocity& measured, float speed_mps, float min_speed_mps) {
  if (measured.source != VelocitySource::Feet) return measured;
  const float length = glm::length(measured.velocity);
  // An idle (or a clip the feet cannot place) has no direction to scale.
  if (!(length >= min_speed_mps) || !std::isfinite(speed_mps)) {
    return {glm::vec2(0.0f), VelocitySource::TypedSpeed};
  }
  return {measured.velocity * (speed_mps / length), VelocitySource::TypedSpeed};
}

float speed_threshold(const ClipVelocity& measured, bool typed_speed, float speed_mps) {
  return glm::length(typed_speed ? with_typed_speed(measured, speed_mps).velocity
                                 : measured.velocity);
}

const char* to_string(VelocitySource source) {
  switch (source) {
    case VelocitySource::RootMotion:
      return "root motion";
    case VelocitySource::Feet:
      return "feet";
    case VelocitySource::TypedSpeed:
      return "typed speed";
  }
  return "?";
}

}  // namespace anim
