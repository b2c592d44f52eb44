#include "app/joint_inspection.h"

#include <array>

#include "anim/playback.h"

namespace app {
namespace {

// joint's sampled values in instance's last frame.
anim::JointMotionFrame read_joint(const anim::CharacterInstance& instance, int joint, float t) {
  anim::JointMotionFrame frame;
  frame.time_s = t;
  frame.local = instance.local_pose()[joint];
  frame.model_translation = glm::vec3(instance.model_pose()[joint][3]);
  return frame;
}

}  // namespace

ui::JointInspectorValues inspect_joint(const ViewerScene& scene, anim::CharacterInstance& probe,
                                       int joint, anim::EulerOrder order) {
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
  if (probe.character() != scene.bound.character.get() &&
      !probe.bind(*scene.bound.character, scene.graph()).empty()) {
    return values;
  }
  anim::CharacterSettings settings = scene.settings;
  settings.matrix_palette = settings.dual_quat_palette = false;
  anim::Parameters parameters = scene.parameters;
  anim::Terrain terrain = scene.terrain;
  const double frame_s = 1.0 / scene.clock.timeline().fps;
  std::array<anim::JointMotionFrame, 3> frames;
  for (int k = -1; k <= 1; ++k) {
    // Neighbours wrap (or clamp) as the playhead does; their times stay ordered for the
    // differences.
    const float t = static_cast<float>(
        anim::wrap_time(scene.clock.mode(), now + k * frame_s, scene.clock.timeline().duration_s));
    probe.set_preview(scene.preview_clip, t);
    if (!probe.update(0.0f, parameters, settings, terrain)) return values;
    frames[k + 1] = read_joint(probe, joint, static_cast<float>(now + k * frame_s));
  }
  values.valid = static_cast<bool>(anim::derive_joint_motion(frames, order));
  values.frame = frames[1];
  values.has_speeds = values.valid;
  return values;
}

}  // namespace app
