#include "anim/blend_space_positions.h"

#include <cmath>
#include <vector>

#include "anim/pose.h"
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

glm::vec2 foot_velocity(const Clip& clip, const ClipBinding& binding, const Skeleton& skeleton,
                        std::span<const int> foot_joints, int samples_per_cycle) {
  std::vector<int> feet;
  for (int joint : foot_joints) {
    if (joint >= 0 && joint < skeleton.joint_count()) feet.push_back(joint);
  }
  if (feet.empty() || !(clip.duration_s > 0.0f) || samples_per_cycle < 2) return glm::vec2(0.0f);

  SamplingCache cache(clip);
  std::vector<Transform> local(skeleton.joint_count());
  std::vector<glm::mat4> model(skeleton.joint_count());
  // Model-space foot positions at every sample time and once more at the cycle's end.
  std::vector<std::vector<glm::vec3>> positions(samples_per_cycle + 1);
  const float dt = clip.duration_s / static_cast<float>(samples_per_cycle);
  for (int k = 0; k <= samples_per_cycle; ++k) {
    // The last sample is the cycle's end; a looping clip wraps it to 0, which is the same pose.
    if (!sample_clip(clip, binding, skeleton, static_cast<float>(k) * dt, cache, local) ||
        !local_to_model(skeleton, local, model)) {
      return glm::vec2(0.0f);
    }
    for (int foot : feet) positions[k].push_back(glm::vec3(model[foot][3]));
  }
  glm::vec2 sum{0.0f};
  for (int k = 0; k < samples_per_cycle; ++k) {
    // The foot lower over the whole step (both ends), so a foot lifting off at the step's start
    // loses to the one just landing.
    std::size_t planted = 0;
    auto height = [&](std::size_t f) { return positions[k][f].y + positions[k + 1][f].y; };
    for (std::size_t f = 1; f < feet.size(); ++f) {
      if (height(f) < height(planted)) planted = f;
    }
    sum += ground(positions[k + 1][planted] - positions[k][planted]) / dt;
  }
  return -sum / static_cast<float>(samples_per_cycle);
}

ClipVelocity compute_clip_velocity(const Clip& clip, const ClipBinding& binding,
                                   const Skeleton& skeleton, int root_joint,
                                   std::span<const int> foot_joints, float min_root_speed_mps) {
  const glm::vec2 root = root_velocity(clip, binding, skeleton, root_joint);
  if (glm::length(root) >= min_root_speed_mps || foot_joints.empty()) {
    return {root, VelocitySource::RootMotion};
  }
  return {foot_velocity(clip, binding, skeleton, foot_joints), VelocitySource::Feet};
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
