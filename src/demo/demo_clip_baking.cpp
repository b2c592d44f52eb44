#include "demo/demo_clip_baking.h"

#include <algorithm>
#include <cmath>

namespace demo {

anim::Clip bake_looping_clip(const std::string& name, const anim::Skeleton& skeleton,
                             float duration_s, std::span<const int> rotated_joints,
                             std::span<const int> translated_joints,
                             const anim::Transform& loop_root_step, const PoseFunction& pose_at) {
  const int intervals = std::max(1, static_cast<int>(std::lround(duration_s * kDemoKeysPerSecond)));
  const int joint_count = skeleton.joint_count();
  std::vector<std::vector<anim::Transform>> keys(intervals + 1,
                                                 std::vector<anim::Transform>(joint_count));
  for (int k = 0; k < intervals; ++k) {
    pose_at(duration_s * static_cast<float>(k) / static_cast<float>(intervals), keys[k]);
  }
  keys[intervals] = keys[0];
  keys[intervals][0] = anim::compose(loop_root_step, keys[0][0]);

  anim::Clip clip;
  clip.name = name;
  clip.duration_s = duration_s;
  clip.source_fps = kDemoKeysPerSecond;
  clip.loop = true;
  std::vector<float> times(intervals + 1);
  for (int k = 0; k <= intervals; ++k) {
    times[k] = duration_s * static_cast<float>(k) / static_cast<float>(intervals);
  }
  const auto track_for = [&](int joint) -> anim::JointTrack& {
    for (auto& track : clip.tracks) {
      if (track.joint_name == skeleton.joint_names[joint]) return track;
    }
    clip.tracks.push_back({});
    clip.tracks.back().joint_name = skeleton.joint_names[joint];
    return clip.tracks.back();
  };
  for (int joint : rotated_joints) {
    anim::QuatTrack& track = track_for(joint).rotation;
    track.times_s = times;
    for (int k = 0; k <= intervals; ++k) {
      glm::quat q = keys[k][joint].rotation;
      if (k > 0 && glm::dot(q, track.values.back()) < 0.0f) q = -q;
      track.values.push_back(q);
    }
  }
  for (int joint : translated_joints) {
    anim::Vec3Track& track = track_for(joint).translation;
    track.times_s = times;
    for (int k = 0; k <= intervals; ++k) track.values.push_back(keys[k][joint].translation);
  }
  return clip;
}

std::vector<int> joint_indices(const anim::Skeleton& skeleton, std::span<const std::string> names) {
  std::vector<int> indices;
  for (const std::string& name : names) {
    const int index = skeleton.find_joint(name);
    if (index >= 0) indices.push_back(index);
  }
  return indices;
}

}  // namespace demo
