#include "demo/demo_gestures.h"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "demo/demo_clip_baking.h"

namespace demo {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

glm::quat rotation_x(float rad) {
  return glm::angleAxis(rad, glm::vec3(1, 0, 0));
}
glm::quat rotation_y(float rad) {
  return glm::angleAxis(rad, glm::vec3(0, 1, 0));
}
glm::quat rotation_z(float rad) {
  return glm::angleAxis(rad, glm::vec3(0, 0, 1));
}

}  // namespace

anim::Clip make_wave_clip(const anim::Skeleton& skeleton) {
  const std::string names[] = {"chest",           "neck",       "head",
                               "clavicle_r",      "upperarm_r", "forearm_r",
                               "forearm_twist_r", "hand_r"};
  const std::vector<int> joints = joint_indices(skeleton, names);
  const int chest = skeleton.find_joint("chest"), head = skeleton.find_joint("head");
  const int clavicle = skeleton.find_joint("clavicle_r");
  const int upperarm = skeleton.find_joint("upperarm_r");
  const int forearm = skeleton.find_joint("forearm_r");
  const int twist = skeleton.find_joint("forearm_twist_r");
  const int hand = skeleton.find_joint("hand_r");
  const float duration_s = 2.0f;
  const float waves_per_s = 2.0f;
  return bake_looping_clip(
      "wave", skeleton, duration_s, joints, {}, anim::Transform{},
      [&](float t, std::span<anim::Transform> local) {
        std::copy(skeleton.rest_pose.begin(), skeleton.rest_pose.end(), local.begin());
        const float wave = std::sin(2.0f * kPi * waves_per_s * t);
        // The right arm points along -X at rest; rotating about -Z raises it.
        local[chest].rotation = rotation_y(-0.08f) * rotation_z(0.03f * wave);
        local[head].rotation = rotation_y(-0.25f);
        local[clavicle].rotation = rotation_z(-0.15f);
        local[upperarm].rotation = rotation_x(-0.35f) * rotation_z(-0.7f);
        // Forearm up and swinging in the frontal plane; the palm faces forward.
        local[forearm].rotation = rotation_z(-1.1f - 0.35f * wave);
        local[twist].rotation = rotation_x(0.6f * wave);
        local[hand].rotation = rotation_x(0.9f * wave) * rotation_z(0.2f * wave);
      });
}

anim::Clip make_wrist_turn_clip(const anim::Skeleton& skeleton) {
  const std::string names[] = {"upperarm_r", "forearm_r", "forearm_twist_r", "hand_r"};
  const std::vector<int> joints = joint_indices(skeleton, names);
  const int upperarm = skeleton.find_joint("upperarm_r");
  const int hand = skeleton.find_joint("hand_r");
  const float duration_s = 2.0f;
  return bake_looping_clip(
      "wrist_turn", skeleton, duration_s, joints, {}, anim::Transform{},
      [&](float t, std::span<anim::Transform> local) {
        std::copy(skeleton.rest_pose.begin(), skeleton.rest_pose.end(), local.begin());
        // The right arm points along -X at rest; rotating about +Z lowers it (30 degrees).
        local[upperarm].rotation = rotation_z(0.52f);
        // Its bones lie along X: turning about X twists the hand about the forearm.
        local[hand].rotation = rotation_x(1.9f * std::sin(2.0f * kPi * t / duration_s));
      });
}

anim::Clip make_lean_clip(const anim::Skeleton& skeleton, bool left) {
  const std::string names[] = {"spine_01", "spine_02", "chest", "neck"};
  const std::vector<int> joints = joint_indices(skeleton, names);
  // Leaning left moves the head towards +X: a rotation about -Z.
  const float per_joint_rad = (left ? -1.0f : 1.0f) * 0.09f;
  return bake_looping_clip(left ? "lean_left" : "lean_right", skeleton, 1.0f, joints, {},
                           anim::Transform{}, [&](float, std::span<anim::Transform> local) {
                             std::copy(skeleton.rest_pose.begin(), skeleton.rest_pose.end(),
                                       local.begin());
                             for (int j : joints) local[j].rotation = rotation_z(per_joint_rad);
                           });
}

}  // namespace demo
