#include "anim/standing_clips.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/pose.h"

namespace anim {

namespace {

// The cosine of the angle between the direction from joint a to joint b and axis.
float alignment(std::span<const glm::mat4> model, int a, int b, glm::vec3 axis) {
  const glm::vec3 d = glm::vec3(nth(model, b)[3]) - glm::vec3(nth(model, a)[3]);
  const float length = glm::length(d);
  return length > 0.0f ? glm::dot(d, axis) / length : 1.0f;
}

int torso_top(const Rig& rig) {
  for (int joint : {rig.head, rig.neck, rig.chest}) {
    if (joint >= 0) return joint;
  }
  return rig.spine.empty() ? -1 : rig.spine.back();
}

}  // namespace

Stance measure_stance(const Skeleton& skeleton, const Rig& rig, const Clip& clip) {
  const int joints = skeleton.joint_count();
  const auto inside = [joints](int j) { return j >= 0 && j < joints; };
  std::array<std::array<int, 2>, 2> thighs{};  // hip and knee per leg
  int legs = 0;
  for (const Limb& limb : rig.limbs) {
    if (limb.role != LimbRole::Leg || limb.joints.size() < 2) continue;
    if (legs < 2) thighs[as_size(legs)] = {limb.joints[0], limb.joints[1]};
    ++legs;
  }
  const int top = torso_top(rig);
  if (legs != 2 || !inside(rig.pelvis) || !inside(top) || top == rig.pelvis ||
      skeleton.rest_pose.size() != skeleton.parents.size() || !std::isfinite(clip.duration_s) ||
      clip.duration_s < 0.0f) {
    return {};
  }
  for (const auto& [hip, knee] : thighs) {
    if (!inside(hip) || !inside(knee)) return {};
  }
  const ClipBinding binding = bind_clip(clip, skeleton);
  SamplingCache cache(clip, binding);
  std::vector<Transform> local(as_size(joints));
  std::vector<glm::mat4> model(as_size(joints));
  constexpr float kStep_s = 1.0f / 30.0f;
  const auto samples = static_cast<int>(std::ceil(clip.duration_s / kStep_s));
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  Stance stance{INFINITY, INFINITY};
  for (int i = 0; i <= samples; ++i) {
    const float t = std::min(static_cast<float>(i) * kStep_s, clip.duration_s);
    if (!sample_clip(clip, binding, skeleton, t, cache, local) ||
        !local_to_model(skeleton, local, model)) {
      return {};
    }
    stance.torso = std::min(stance.torso, alignment(model, rig.pelvis, top, up));
    float thigh = -1.0f;
    for (const auto& [hip, knee] : thighs)
      thigh = std::max(thigh, alignment(model, hip, knee, -up));
    stance.thigh = std::min(stance.thigh, thigh);
  }
  return stance;
}

}  // namespace anim
