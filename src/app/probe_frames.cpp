#include "app/probe_frames.h"

namespace app {

bool compose_probe_frame(const ViewerScene& scene, anim::CharacterInstance& probe, int clip,
                         float clip_time_s) {
  if (probe.character() != scene.bound.character.get() &&
      !probe.bind(*scene.bound.character, scene.graph()).empty()) {
    return false;
  }
  anim::CharacterSettings settings = scene.settings;
  settings.matrix_palette = settings.dual_quat_palette = false;
  anim::Parameters parameters = scene.parameters;
  probe.set_preview(clip, clip_time_s);
  return static_cast<bool>(probe.update(0.0f, parameters, settings, scene.terrain));
}

anim::JointMotionFrame read_joint(const anim::CharacterInstance& instance, int joint,
                                  float time_s) {
  anim::JointMotionFrame frame;
  frame.time_s = time_s;
  frame.local = instance.local_pose()[joint];
  frame.model_translation = glm::vec3(instance.model_pose()[joint][3]);
  return frame;
}

}  // namespace app
