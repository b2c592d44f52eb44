#include "anim/orientation_warping.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "anim/index.h"
#include "anim/pose.h"

namespace anim {
namespace {

// The model rotation of joint in local, composed along its parents (the matrices' rotation for
// the uniform scales of rigs; cheaper than the whole model pose, which is built once afterwards).
glm::quat composed_rotation(const Skeleton& skeleton, std::span<const Transform> local, int joint) {
  glm::quat rotation(1.0f, 0.0f, 0.0f, 0.0f);
  for (int j = joint; j != kNoParent; j = nth(skeleton.parents, j)) {
    rotation = nth(local, j).rotation * rotation;
  }
  return rotation;
}

// Turns the pelvis by hips about the model's +Y and each torso joint back by its share. Every
// turn is taken against the animated pose: a joint given the model rotation turn * (its
// animated one) under a parent given parent_turn * (its animated one) has the local rotation
// inverse(parent's) * (turn - parent_turn) * (its own), so each torso joint's local rotation
// takes its share alone, and the shares add up along the chain to the top joint's facing, back
// where it was.
void turn_lower_body(const Skeleton& skeleton, int pelvis, std::span<const int> torso, float hips,
                     float share, std::span<Transform> local) {
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  // Each joint's animated parent rotation: the one before it in the chain when that is its
  // parent (torso_chain's), else composed anew.
  int previous = nth(skeleton.parents, pelvis);
  glm::quat previous_rotation = previous == kNoParent
                                    ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                                    : composed_rotation(skeleton, local, previous);
  const auto turn = [&](int joint, const glm::quat& by) {
    const int parent = nth(skeleton.parents, joint);
    const glm::quat parent_rotation = parent == previous ? previous_rotation
                                      : parent == kNoParent
                                          ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                                          : composed_rotation(skeleton, local, parent);
    Transform& t = nth(local, joint);
    const glm::quat animated = parent_rotation * t.rotation;
    t.rotation = glm::normalize(glm::conjugate(parent_rotation) * by * animated);
    previous = joint;
    previous_rotation = animated;
  };
  turn(pelvis, glm::angleAxis(hips, up));
  const glm::quat back = glm::angleAxis(share, up);
  for (int joint : torso) turn(joint, back);
}

}  // namespace

std::vector<int> torso_chain(const Skeleton& skeleton, int pelvis, int top) {
  std::vector<int> chain;
  if (top < 0 || top >= skeleton.joint_count() || pelvis < 0 || top == pelvis ||
      !is_ancestor(skeleton, pelvis, top)) {
    return chain;
  }
  for (int j = top; j != pelvis; j = nth(skeleton.parents, j)) {
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
  if (local.size() != as_size(n) || model.size() != local.size()) {
    return JobResult::fail("orientation warping: the poses are not skeleton-sized");
  }
  const auto out_of_range = [n](int j) { return j < 0 || j >= n; };
  if ((pelvis != -1 && out_of_range(pelvis)) ||
      std::any_of(torso.begin(), torso.end(), out_of_range)) {
    return JobResult::fail("orientation warping: a joint is out of range");
  }
  const float hips = hip_warp_angle(angle_rad, settings);
  if (pelvis >= 0 && hips != 0.0f) {
    const float limit = glm::radians(std::max(0.0f, settings.max_torso_joint_angle_deg));
    const float share =
        torso.empty() ? 0.0f : std::clamp(-hips / static_cast<float>(torso.size()), -limit, limit);
    turn_lower_body(skeleton, pelvis, torso, hips, share, local);
  }
  return local_to_model(skeleton, local, model);
}

}  // namespace anim
