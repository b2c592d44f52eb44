#include "anim/ground_motion_baking.h"

#include <algorithm>
#include <cstdint>

#include "anim/clip_sampling.h"
#include "anim/index.h"
#include "anim/root_motion.h"

namespace anim {

Clip bake_ground_motion(const Skeleton& skeleton, const Clip& clip, const GroundMotion& ground,
                        int root_joint) {
  Clip baked = clip;
  if (ground.empty() || root_joint < 0 || root_joint >= skeleton.joint_count()) return baked;
  const std::string& name = nth(skeleton.joint_names, root_joint);
  auto track = std::find_if(baked.tracks.begin(), baked.tracks.end(),
                            [&](const JointTrack& t) { return t.joint_name == name; });
  if (track == baked.tracks.end()) {
    baked.tracks.push_back({});
    track = std::prev(baked.tracks.end());
    track->joint_name = name;
  }
  const glm::mat3 model_to_parent =
      glm::inverse(root_rest_frame(skeleton, root_joint).parent_linear);
  const glm::vec3 rest = nth(skeleton.rest_pose, root_joint).translation;
  Vec3Track travelled;
  std::uint32_t cursor = 0;
  for (std::size_t i = 0; i < ground.displacement.size(); ++i) {
    const float time_s = std::min(ground.frame_s * static_cast<float>(i), clip.duration_s);
    travelled.times_s.push_back(time_s);
    travelled.values.push_back(sample_track(track->translation, time_s, cursor, rest) +
                               model_to_parent * ground.displacement[i]);
  }
  track->translation = std::move(travelled);
  return baked;
}

}  // namespace anim
