#include "app/probe_frames.h"

namespace app {

bool compose_probe_frame(const ViewerScene& scene, FrameProbe& probe, int clip, float clip_time_s) {
  return compose_probe_frame(scene, *scene.bound.character, scene.graph(), probe, clip,
                             clip_time_s);
}

bool compose_probe_frame(const ViewerScene& scene, const anim::BoundCharacter& character,
                         const anim::GraphBinding& graph, FrameProbe& probe, int clip,
                         float clip_time_s) {
  anim::CharacterInstance& instance = probe.instance;
  if (instance.character() != &character) {
    if (!instance.bind(character, graph).empty()) return false;
    probe.post_process_revision = -1;
  }
  if (probe.post_process_revision != scene.post_process_revision) {
    instance.set_post_process(scene.instance.post_process());
    probe.post_process_revision = scene.post_process_revision;
  }
  anim::CharacterSettings settings = scene.settings;
  settings.matrix_palette = settings.dual_quat_palette = false;
  anim::Parameters parameters = scene.parameters;
  instance.set_preview(clip, clip_time_s);
  return instance.set_settings(settings).empty() &&
         static_cast<bool>(instance.update(0.0f, parameters, scene.terrain));
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
