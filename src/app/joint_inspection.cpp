#include "app/joint_inspection.h"

#include <algorithm>
#include <array>
#include <span>

#include "anim/playback.h"
#include "app/probe_frames.h"

namespace app {
namespace {

// Composes the previewed clip at the playhead and count clip frames either side through probe
// (app/probe_frames.h), reading joints[i]'s frames into frames[i * (2 * count + 1) ...] and, when
// world is given, the character's placement. Neighbours wrap (or clamp) as the playhead does; their
// times stay ordered for the differences. False when the probe cannot bind or update.
bool compose_around_playhead(const ViewerScene& scene, FrameProbe& probe,
                             std::span<const int> joints, int count,
                             std::span<anim::JointMotionFrame> frames, glm::mat4* world) {
  const double now = scene.clock.time_s();
  const double frame_s = 1.0 / scene.clock.timeline().fps;
  const int per_joint = 2 * count + 1;
  for (int k = -count; k <= count; ++k) {
    const float t = static_cast<float>(
        anim::wrap_time(scene.clock.mode(), now + k * frame_s, scene.clock.timeline().duration_s));
    if (!compose_probe_frame(scene, probe, scene.preview_clip, t)) return false;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      frames[i * per_joint + k + count] =
          read_joint(probe.instance, joints[i], static_cast<float>(now + k * frame_s));
    }
  }
  if (world != nullptr) *world = scene.instance.world_matrix();
  return true;
}

}  // namespace

ui::JointInspectorValues inspect_joint(const ViewerScene& scene, FrameProbe& probe, int joint,
                                       anim::EulerOrder order) {
  ui::JointInspectorValues values;
  if (!scene.loaded || joint < 0 || joint >= static_cast<int>(scene.instance.local_pose().size())) {
    return values;
  }
  values.metres_per_file_unit = scene.character.report.unit_scale_applied;
  const float now = static_cast<float>(scene.clock.time_s());
  if (scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0) {
    std::array<anim::JointMotionFrame, 1> one{read_joint(scene.instance, joint, now)};
    values.valid = static_cast<bool>(anim::derive_joint_motion(one, order));
    values.frame = one[0];
    return values;
  }
  std::array<anim::JointMotionFrame, 3> frames;
  const int joints[] = {joint};
  if (!compose_around_playhead(scene, probe, joints, 1, frames, nullptr)) return values;
  values.valid = static_cast<bool>(anim::derive_joint_motion(frames, order));
  values.frame = frames[1];
  values.has_speeds = values.valid;
  return values;
}

std::vector<JointTrail> joint_trails(const ViewerScene& scene, FrameProbe& probe,
                                     std::span<const int> joints, float window_s) {
  if (!scene.loaded || scene.mode != PlayMode::ClipPreview || scene.preview_clip < 0) return {};
  for (const int j : joints) {
    if (j < 0 || j >= static_cast<int>(scene.instance.local_pose().size())) return {};
  }
  const int count = std::max(1, static_cast<int>(window_s * scene.clock.timeline().fps));
  const int per_joint = 2 * count + 1;
  std::vector<anim::JointMotionFrame> frames(joints.size() * per_joint);
  glm::mat4 world(1.0f);
  if (!compose_around_playhead(scene, probe, joints, count, frames, &world)) return {};
  std::vector<JointTrail> trails(joints.size());
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const std::span<anim::JointMotionFrame> mine(frames.data() + i * per_joint, per_joint);
    if (!anim::derive_joint_motion(mine, anim::EulerOrder::XYZ)) return {};
    for (const anim::JointMotionFrame& f : mine) {
      trails[i].points.push_back(glm::vec3(world * glm::vec4(f.model_translation, 1.0f)));
      trails[i].speeds.push_back(f.linear_speed);
    }
    trails[i].playhead = count;
  }
  return trails;
}

}  // namespace app
