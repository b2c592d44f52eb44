#include "app/character_framing.h"

#include <algorithm>
#include <span>

#include "import/posed_bounds.h"

namespace app {
namespace {

void grow(importer::Bounds& b, const importer::Bounds& other) {
  if (other.empty()) return;
  b.min = glm::min(b.min, other.min);
  b.max = glm::max(b.max, other.max);
}

// Where clip takes the character (importer::clip_bounds) in the world, grown into all.
void grow_by_clip(importer::Bounds& all, const ViewerScene& scene, const anim::Clip& clip) {
  const int samples = scene.clips().size() > 16 ? 8 : 24;  // a file of 77 clips frames quickly too
  grow(all, importer::clip_bounds(scene.character, clip, scene.settings.root_motion,
                                  scene.instance.world_matrix(), samples));
}

}  // namespace

importer::Bounds playing_clips_bounds(const ViewerScene& scene) {
  importer::Bounds all;
  const std::vector<anim::Clip>& clips = scene.clips();
  if (scene.mode == PlayMode::Graph) {
    for (const anim::Clip& clip : clips) grow_by_clip(all, scene, clip);
  } else if (scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0 &&
             scene.preview_clip < static_cast<int>(clips.size())) {
    grow_by_clip(all, scene, clips[static_cast<std::size_t>(scene.preview_clip)]);
  }
  return all;
}

importer::Bounds shown_bounds(const ViewerScene& scene, int also_clip) {
  const glm::mat4 world = scene.instance.world_matrix();
  importer::Bounds all = scene.mode == PlayMode::RestPose
                             ? importer::rest_pose_bounds(scene.character, world)
                             : playing_clips_bounds(scene);
  if (also_clip >= 0 && also_clip < static_cast<int>(scene.clips().size())) {
    grow_by_clip(all, scene, scene.clips()[static_cast<std::size_t>(also_clip)]);
  }
  return all.empty() ? importer::rest_pose_bounds(scene.character, world) : all;
}

importer::Bounds character_bounds(const ViewerScene& scene, bool posed) {
  // An instance not updated since the load holds identities: its joints all sit at the origin.
  // That is no pose yet, and the mesh skinned in the rest pose stands for it. (A bind mesh's
  // size cannot tell: a Blender armature binds it in centimetres.)
  const std::span<const glm::mat4> model = scene.instance.model_pose();
  const auto apart = [&](const glm::mat4& m) { return m[3] != model.front()[3]; };
  const bool has_pose =
      posed && (model.size() == 1 || std::any_of(model.begin(), model.end(), apart));
  if (has_pose) {
    importer::Bounds b = importer::posed_bounds(
        scene.character, model, scene.instance.world_matrix(), scene.instance.morph_weights());
    if (!b.empty()) {
      grow(b, playing_clips_bounds(scene));
      return b;
    }
  }
  return importer::rest_pose_bounds(scene.character, scene.instance.world_matrix());
}

void frame_character(render::OrbitCamera& camera, const ViewerScene& scene, bool posed,
                     float aspect) {
  const importer::Bounds b = character_bounds(scene, posed);
  if (!b.empty()) camera.frame(b.min, b.max, aspect);
}

void frame_all(render::OrbitCamera& camera, const ViewerScene& scene, float aspect) {
  importer::Bounds b = character_bounds(scene, true);
  if (b.empty()) return;
  // The origin's neighbourhood, at the character's scale (2 m for a person).
  const float reach = std::max(b.max.y - b.min.y, 0.1f);
  b.min = glm::min(b.min, glm::vec3(-reach, 0.0f, -reach));
  b.max = glm::max(b.max, glm::vec3(reach, 0.0f, reach));
  camera.frame(b.min, b.max, aspect);
}

render::OrbitCamera picture_camera(const ViewerScene& scene, const visual::SceneView& view,
                                   int also_clip, float framing_aspect) {
  render::OrbitCamera camera;
  const importer::Bounds bounds = shown_bounds(scene, also_clip);
  if (!bounds.empty()) camera.frame(bounds.min, bounds.max, framing_aspect);
  if (view.show_ground && view.camera_above_ground) {
    const glm::vec3 eye = camera.eye();
    render::keep_above_ground(camera, anim::probe(scene.terrain, eye.x, eye.z).height_m);
  }
  return camera;
}

float framing_aspect(float width, float height, visual::CompareMode compare) {
  if (!(width > 0.0f) || !(height > 0.0f)) return 1.0f;
  const float whole = width / height;
  return compare == visual::CompareMode::Off ? whole : 0.5f * whole;
}

}  // namespace app
