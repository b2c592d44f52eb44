#include "app/probe_frames.h"

namespace app {

std::string compose_probe_frame(const ViewerScene& scene, FrameProbe& probe, int clip,
                                float clip_time_s) {
  return compose_probe_frame(scene, *scene.bound.character, scene.graph(), probe, clip,
                             clip_time_s);
}

std::string compose_probe_frame(const ViewerScene& scene, const anim::BoundCharacter& character,
                                const anim::GraphBinding& graph, FrameProbe& probe, int clip,
                                float clip_time_s) {
  anim::CharacterInstance& instance = probe.instance;
  if (instance.character() != &character) {
    if (std::string e = instance.bind(character, graph); !e.empty()) return "frame probe: " + e;
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
  if (std::string e = instance.set_settings(settings); !e.empty()) return "frame probe: " + e;
  if (anim::JobResult r = instance.update(0.0f, parameters, scene.terrain); !r) {
    return std::string("frame probe: ") + r.error;
  }
  return {};
}

ProbeKey probe_key(const ViewerScene& scene, std::span<const int> joints) {
  return {scene.bound.character.get(), scene.clips().data(), scene.preview_clip,
          std::vector<int>(joints.begin(), joints.end())};
}

bool first_failure_for(const ProbeKey& key, ProbeKey& reported) {
  if (key == reported) return false;
  reported = key;
  return true;
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
