#include "app/scene_frame_view.h"

namespace app {

render::FrameView scene_frame_view(const ViewerScene& scene, const visual::SceneView& view,
                                   const glm::mat4& view_projection) {
  render::FrameView f;
  if (scene.loaded) {
    f.instance = &scene.instance;
    f.parents = scene.character.skeleton.parents;
    if (scene.comparison.active()) f.clip_b = &scene.comparison.player();
    if (view.crowd > 1 && scene.crowd.count() > 1) f.crowd = &scene.crowd;
    // The ghosts belong to the clip on the timeline.
    if (view.onion_skin && scene.mode == PlayMode::ClipPreview) {
      f.onion_poses = scene.onion_poses;
      f.onion_offsets_s = scene.onion_offsets_s;
      const double frame_s = 1.0 / scene.clock.timeline().fps;
      f.onion_reach_s = static_cast<float>(view.onion_frames * view.onion_step * frame_s);
    }
    if (view.motion_trails) f.joint_trails = scene.joint_trails;
  }
  f.terrain = &scene.terrain;
  f.root_motion_applied = scene.settings.root_motion_mode == anim::RootMotionMode::Applied;
  f.foot_ik = scene.settings.foot_ik;
  f.view = view;
  f.view_projection = view_projection;
  return f;
}

}  // namespace app
