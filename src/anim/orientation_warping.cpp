#include "anim/orientation_warping.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

glm::quat parent_model_rotation(const Skeleton& skeleton, std::span<const glm::mat4> model,
                                int joint) {
  const int parent = skeleton.parents[static_cast<std::size_t>(joint)];
  return parent == kNoParent ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                             : model_rotation(model[static_cast<std::size_t>(parent)]);
}

// Gives joint the model rotation turn * (its model rotation), through its local rotation.
void turn_in_model(const Skeleton& skeleton, std::span<const glm::mat4> model,
                   std::span<Transform> local, int joint, const glm::quat& turn) {
  const glm::quat parent = parent_model_rotation(skeleton, model, joint);
  const glm::quat current = model_rotation(model[static_cast<std::size_t>(joint)]);
  Transform& t = local[static_cast<std::size_t>(joint)];
  t.rotation = glm::normalize(glm::inverse(parent) * turn * current);
}

}  // namespace

std::vector<int> torso_chain(const Skeleton& skeleton, int pelvis, int top) {
  std::vector<int> chain;
  if (top < 0 || top >= skeleton.joint_count() || pelvis < 0 || top == pelvis ||
      !is_ancestor(skeleton, pelvis, top)) {
    return chain;
  }
  for (int j = top; j != pelvis; j = skeleton.parents[static_cast<std::size_t>(j)]) {
    chain.push_back(j);
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

float travel_angle(glm::vec3 actual, glm::vec3 requested) {
  const glm::vec2 a(actual.z, actual.x), b(requested.z, requested.x);
  if (!(glm::length(a) > 1e-6f) || !(glm::length(b) > 1e-6f)) return 0.0f;
  return std::atan2(a.x * b.y - a.y * b.x, glm::dot(a, b));
}

float hip_warp_angle(float angle_rad, const OrientationWarpingSettings& settings) {
  if (!std::isfinite(angle_rad)) return 0.0f;
  const float limit = glm::radians(std::max(0.0f, settings.max_hip_angle_deg));
  return std::clamp(angle_rad, -limit, limit);
}

JobResult warp_orientation(const Skeleton& skeleton, int pelvis, std::span<const int> torso,
                           float angle_rad, const OrientationWarpingSettings& settings,
                           std::span<Transform> local, std::span<glm::mat4> model) {
  const int n = skeleton.joint_count();
  if (local.size() != static_cast<std::size_t>(n) || model.size() != local.size()) {
    return JobResult::fail("orientation warping: the poses are not skeleton-sized");
  }
  const auto out_of_range = [n](int j) { return j < 0 || j >= n; };
  if ((pelvis != -1 && out_of_range(pelvis)) ||
      std::any_of(torso.begin(), torso.end(), out_of_range)) {
    return JobResult::fail("orientation warping: a joint is out of range");
  }
  if (JobResult r = local_to_model(skeleton, local, model); !r) return r;
  const float hips = hip_warp_angle(angle_rad, settings);
  if (pelvis < 0 || hips == 0.0f) return JobResult::ok();
  // Every turn is taken against the animated model pose (model is not updated in between):
  // a joint given the model rotation turn * (its animated one) under a parent given
  // parent_turn * (its animated one) has the local rotation inverse(parent's) * (turn -
  // parent_turn) * (its own), so each torso joint's local rotation takes its share alone, and
  // the shares add up along the chain to the top joint's facing, back where it was.
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  turn_in_model(skeleton, model, local, pelvis, glm::angleAxis(hips, up));
  if (!torso.empty()) {
    const float limit = glm::radians(std::max(0.0f, settings.max_torso_joint_angle_deg));
    const float share = std::clamp(-hips / static_cast<float>(torso.size()), -limit, limit);
    const glm::quat back = glm::angleAxis(share, up);
    for (int joint : torso) turn_in_model(skeleton, model, local, joint, back);
  }
  return local_to_model(skeleton, local, model);
}

}  // namespace anim
