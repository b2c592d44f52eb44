#pragma once
// A synthetic character for the allocation test and the benchmarks: a 67-joint humanoid-like
// hierarchy (the size of the pab skeleton) and looping clips sampled at 30 fps with linear keys
// on every channel of every joint, so sampling costs what an imported clip would.

#include <cmath>
#include <string>

#include "anim/clip.h"
#include "anim/skeleton.h"

namespace anim::testing {

inline constexpr int kSyntheticJointCount = 67;

// Joint 0 is the root; the others hang off the joint a few places before them, forming
// branches like a spine, limbs and fingers. Parents always precede children.
inline Skeleton make_synthetic_skeleton() {
  Skeleton skeleton;
  for (int j = 0; j < kSyntheticJointCount; ++j) {
    skeleton.joint_names.push_back("joint_" + std::to_string(j));
    skeleton.parents.push_back(j == 0 ? kNoParent : (j % 5 == 0 ? j / 5 : j - 1));
    Transform rest;
    rest.translation = {0.01f * static_cast<float>(j % 7), 0.1f, 0.02f * static_cast<float>(j % 3)};
    rest.rotation = glm::angleAxis(0.05f * static_cast<float>(j), glm::vec3(0.0f, 0.0f, 1.0f));
    skeleton.rest_pose.push_back(rest);
    skeleton.inverse_bind.push_back(glm::mat4(1.0f));
  }
  return skeleton;
}

// A looping clip of duration_s with a key every 1/30 s on the translation, rotation and scale of
// every joint; phase makes clips differ (walk, jog, run).
inline Clip make_synthetic_clip(const Skeleton& skeleton, const std::string& name, float phase,
                                float duration_s = 1.0f) {
  Clip clip;
  clip.name = name;
  clip.duration_s = duration_s;
  clip.loop = true;
  const int keys = static_cast<int>(std::lround(duration_s * 30.0f)) + 1;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    JointTrack track;
    track.joint_name = skeleton.joint_names[static_cast<std::size_t>(j)];
    const Transform& rest = skeleton.rest_pose[static_cast<std::size_t>(j)];
    for (int k = 0; k < keys; ++k) {
      const float t = duration_s * static_cast<float>(k) / static_cast<float>(keys - 1);
      const float angle = 6.2831853f * t / duration_s + phase + 0.1f * static_cast<float>(j);
      for (auto* channel_times :
           {&track.translation.times_s, &track.rotation.times_s, &track.scale.times_s}) {
        channel_times->push_back(t);
      }
      track.translation.values.push_back(rest.translation +
                                         0.05f * glm::vec3(std::sin(angle), std::cos(angle), 0));
      track.rotation.values.push_back(
          rest.rotation * glm::angleAxis(0.4f * std::sin(angle), glm::vec3(1.0f, 0.0f, 0.0f)));
      track.scale.values.push_back(glm::vec3(1.0f + 0.01f * std::sin(angle)));
    }
    clip.tracks.push_back(std::move(track));
  }
  return clip;
}

}  // namespace anim::testing
