#include "anim/standing_pose.h"

#include <cmath>

#include "anim/index.h"
#include "anim/math.h"
#include "anim/pose.h"
#include "anim/two_bone_ik.h"

namespace anim {
namespace {

// The shortest rotation taking direction a onto direction b (identity for a degenerate one).
glm::quat turn_between(glm::vec3 a, glm::vec3 b) {
  if (glm::length(a) < 1e-6f || glm::length(b) < 1e-6f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  a = glm::normalize(a);
  b = glm::normalize(b);
  const float d = glm::dot(a, b);
  if (d > 1.0f - 1e-7f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  glm::vec3 axis = glm::cross(a, b);
  if (glm::length(axis) < 1e-6f) {
    axis = glm::cross(a, glm::vec3(1.0f, 0.0f, 0.0f));
    if (glm::length(axis) < 1e-6f) axis = glm::cross(a, glm::vec3(0.0f, 0.0f, 1.0f));
  }
  return glm::angleAxis(std::acos(std::fmax(-1.0f, d)), glm::normalize(axis));
}

// Turns joint by turn in model space (about its own position), keeping its parent.
void turn_joint(const Skeleton& skeleton, std::span<const glm::mat4> model,
                std::span<Transform> local, int joint, const glm::quat& turn) {
  const auto j = as_size(joint);
  const int p = skeleton.parents[j];
  const glm::quat parent =
      p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : model_rotation(nth(model, p));
  local[j].rotation = glm::normalize(glm::inverse(parent) * turn * model_rotation(model[j]));
}

// The pitch of a foot: the angle of its foot-to-toes line below the ground plane.
float pitch(const glm::vec3& along) {
  return std::atan2(-along.y, glm::length(glm::vec2(along.x, along.z)));
}

}  // namespace

std::vector<Transform> stand_legs(const Skeleton& skeleton, std::span<const Leg> legs) {
  std::vector<Transform> local = skeleton.rest_pose;
  const int n = skeleton.joint_count();
  std::vector<glm::mat4> model(local.size());
  for (const Leg& leg : legs) {
    for (int j : {leg.thigh, leg.calf, leg.foot, leg.toes}) {
      if (j < 0 || j >= n) return skeleton.rest_pose;
    }
  }
  if (!local_to_model(skeleton, local, model)) return skeleton.rest_pose;
  auto at = [&](int j) { return position(nth(model, j)); };

  // The planted foot's pitch: the foot whose ankle is lowest.
  float planted_pitch = 0.0f;
  float lowest = 1e30f;
  for (const Leg& leg : legs) {
    if (!leg.foot_attached || leg.toes == leg.foot) continue;
    if (at(leg.foot).y < lowest) {
      lowest = at(leg.foot).y;
      planted_pitch = pitch(at(leg.toes) - at(leg.foot));
    }
  }

  const glm::vec3 down{0.0f, -1.0f, 0.0f};
  for (const Leg& leg : legs) {
    if (!leg.foot_attached) continue;
    // The knee straight, then the whole leg straight down from the hip.
    turn_joint(skeleton, model, local, leg.calf,
               turn_between(at(leg.foot) - at(leg.calf), at(leg.calf) - at(leg.thigh)));
    if (!local_to_model(skeleton, local, model)) return skeleton.rest_pose;
    turn_joint(skeleton, model, local, leg.thigh, turn_between(at(leg.foot) - at(leg.thigh), down));
    if (!local_to_model(skeleton, local, model)) return skeleton.rest_pose;
    if (leg.toes == leg.foot) continue;
    // The foot at the planted pitch, about its own sideways axis.
    const glm::vec3 along = at(leg.toes) - at(leg.foot);
    const glm::vec3 ahead = glm::vec3(along.x, 0.0f, along.z);
    if (glm::length(ahead) < 1e-6f) continue;
    const glm::vec3 h = glm::normalize(ahead);
    const glm::vec3 wanted = std::cos(planted_pitch) * h + std::sin(planted_pitch) * down;
    turn_joint(skeleton, model, local, leg.foot, turn_between(along, wanted));
    if (!local_to_model(skeleton, local, model)) return skeleton.rest_pose;
  }
  return local;
}

}  // namespace anim
