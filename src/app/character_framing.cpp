#include "app/character_framing.h"

#include <algorithm>
#include <span>

#include "import/posed_bounds.h"

namespace app {
namespace {

void grow(import::Bounds& b, const import::Bounds& other) {
  if (other.empty()) return;
  b.min = glm::min(b.min, other.min);
  b.max = glm::max(b.max, other.max);
}

// Where clip takes the character (import::clip_bounds) in the world, grown into all.
void grow_by_clip(import::Bounds& all, const ViewerScene& scene, const anim::Clip& clip) {
  const int samples = scene.clips().size() > 16 ? 8 : 24;  // a file of 77 clips frames quickly too
  grow(all, import::clip_bounds(scene.character, clip, scene.settings.root_motion,
                                scene.instance.world_matrix(), samples));
}

}  // namespace

import::Bounds playing_clips_bounds(const ViewerScene& scene) {
  import::Bounds all;
  const std::vector<anim::Clip>& clips = scene.clips();
  if (scene.mode == PlayMode::Graph) {
    for (const anim::Clip& clip : clips) grow_by_clip(all, scene, clip);
  } else if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0 &&
             scene.preview_clip < static_cast<int>(clips.size())) {
    grow_by_clip(all, scene, clips[static_cast<std::size_t>(scene.preview_clip)]);
  }
  return all;
}

import::Bounds shown_bounds(const ViewerScene& scene, int also_clip) {
  const glm::mat4 world = scene.instance.world_matrix();
  import::Bounds all = scene.mode == PlayMode::RestPose
                           ? import::rest_pose_bounds(scene.character, world)
                           : playing_clips_bounds(scene);
  if (also_clip >= 0 && also_clip < static_cast<int>(scene.clips().size())) {
    grow_by_clip(all, scene, scene.clips()[static_cast<std::size_t>(also_clip)]);
  }
  return all.empty() ? import::rest_pose_bounds(scene.character, world) : all;
}

import::Bounds character_bounds(const ViewerScene& scene, bool posed) {
  // An instance not updated since the load holds identities: its joints all sit at the origin.
  // That is no pose yet, and the mesh skinned in the rest pose stands for it. (A bind mesh's
  // size cannot tell: a Blender armature binds it in centimetres.)
  const std::span<const glm::mat4> model = scene.instance.model_pose();
  const auto apart = [&](const glm::mat4& m) { return m[3] != model.front()[3]; };
  const bool has_pose =
      posed && (model.size() == 1 || std::any_of(model.begin(), model.end(), apart));
  if (has_pose) {
    import::Bounds b = import::posed_bounds(scene.character, model, scene.instance.world_matrix(),
                                            scene.instance.morph_weights());
    if (!b.empty()) {
      grow(b, playing_clips_bounds(scene));
      return b;
    }
  }
  return import::rest_pose_bounds(scene.character, scene.instance.world_matrix());
}

void frame_character(render::OrbitCamera& camera, const ViewerScene& scene, bool posed,
                     float aspect) {
  const import::Bounds b = character_bounds(scene, posed);
  if (!b.empty()) camera.frame(b.min, b.max, aspect);
}

render::OrbitCamera picture_camera(const ViewerScene& scene, const ui::ViewSettings& view,
                                   int also_clip, float framing_aspect) {
  render::OrbitCamera camera;
  const import::Bounds bounds = shown_bounds(scene, also_clip);
  if (!bounds.empty()) camera.frame(bounds.min, bounds.max, framing_aspect);
  if (view.show_ground && view.camera_above_ground) {
    const glm::vec3 eye = camera.eye();
    render::keep_above_ground(camera, anim::probe(scene.terrain, eye.x, eye.z).height_m);
  }
  return camera;
}

float framing_aspect(float width, float height, ui::CompareMode compare) {
  if (!(width > 0.0f) || !(height > 0.0f)) return 1.0f;
  const float whole = width / height;
  return compare == ui::CompareMode::Off ? whole : 0.5f * whole;
}

}  // namespace app
