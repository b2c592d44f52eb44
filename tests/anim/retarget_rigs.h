#pragma once
// Hand-built rigs and a walk for the retargeting tests.

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/pose.h"
#include "anim/retarget.h"
#include "anim/rig.h"
#include "joint_adding.h"

namespace anim::testing {

// A humanoid facing +Z, feet on y = 0: pelvis 1 m up, a spine of spine_joints joints to the chest,
// neck and head, arms out sideways (T-pose) or 45 degrees down (A-pose), legs of 0.45 + 0.45 m
// with the knee 3 cm forward, ankle 10 cm up, toes 12 cm ahead. size scales every length.
inline Skeleton make_humanoid(int spine_joints, bool a_pose, float size = 1.0f) {
  Skeleton s;
  auto add = [&](const std::string& name, int parent, glm::vec3 t) {
    return add_joint(s, name, parent, size * t);
  };
  const int root = add("root", kNoParent, {0, 0, 0});
  const int pelvis = add("pelvis", root, {0, 1.0f, 0});
  int chest = pelvis;
  for (int i = 0; i < spine_joints; ++i) {
    chest =
        add("spine" + std::to_string(i), chest, {0, 0.45f / static_cast<float>(spine_joints), 0});
  }
  const int neck = add("neck", chest, {0, 0.1f, 0});
  add("head", neck, {0, 0.12f, 0});
  for (float side : {1.0f, -1.0f}) {
    const std::string sfx = side > 0 ? "_l" : "_r";
    const glm::vec3 out = a_pose ? glm::vec3(side * 0.7071f, -0.7071f, 0) : glm::vec3(side, 0, 0);
    const int upper = add("upperarm" + sfx, chest, {side * 0.18f, 0, 0});
    const int fore = add("forearm" + sfx, upper, 0.28f * out);
    add("hand" + sfx, fore, 0.25f * out);
  }
  for (float side : {1.0f, -1.0f}) {
    const std::string sfx = side > 0 ? "_l" : "_r";
    const int thigh = add("thigh" + sfx, pelvis, {side * 0.1f, 0, 0});
    const int calf = add("calf" + sfx, thigh, {0, -0.45f, 0.03f});
    const int foot = add("foot" + sfx, calf, {0, -0.45f, -0.03f});
    add("toes" + sfx, foot, {0, -0.08f, 0.12f});
  }
  return s;
}

inline Rig rig_of(const Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.rest_pose.size());
  EXPECT_TRUE(local_to_model(skeleton, skeleton.rest_pose, model));
  std::string error;
  Rig rig = find_rig(skeleton, model, {}, {}, &error);
  EXPECT_EQ(rig.leg_count(), 2) << error;
  return rig;
}

// A walk-like clip: the pelvis moves forward and bobs, every joint swings about its own axes.
inline Clip make_walk(const Skeleton& skeleton) {
  Clip clip;
  clip.name = "walk";
  clip.duration_s = 1.0f;
  clip.source_fps = 30.0f;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    JointTrack track;
    track.joint_name = skeleton.joint_names[static_cast<std::size_t>(j)];
    const Transform& rest = skeleton.rest_pose[static_cast<std::size_t>(j)];
    for (int k = 0; k <= 30; ++k) {
      const float t = static_cast<float>(k) / 30.0f;
      const float a = 6.2831853f * t + 0.5f * static_cast<float>(j);
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(
          rest.rotation *
          glm::angleAxis(0.3f * std::sin(a), glm::normalize(glm::vec3(1, 0.3f, 0.2f))));
      if (j == 1) {
        track.translation.times_s.push_back(t);
        track.translation.values.push_back(
            rest.translation + glm::vec3(0.1f * std::sin(a), 0.03f * std::cos(2 * a), 1.2f * t));
      }
    }
    clip.tracks.push_back(std::move(track));
  }
  return clip;
}

// The synthetic walk swings every joint, so the feet it is detected to plant slide: followed as
// they slide, the clip comes back exactly.
inline RetargetOptions feet_free() {
  RetargetOptions options;
  options.planted_slide_share = std::numeric_limits<float>::infinity();
  return options;
}

}  // namespace anim::testing
