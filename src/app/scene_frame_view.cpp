#include "app/scene_frame_view.h"

namespace app {
namespace {

render::ColorMode color_mode(ui::MeshColoring coloring) {
  switch (coloring) {
    case ui::MeshColoring::InfluenceCount:
      return render::ColorMode::InfluenceCount;
    case ui::MeshColoring::SkinningDifference:
      return render::ColorMode::SkinningDifference;
    case ui::MeshColoring::Material:
      break;
  }
  return render::ColorMode::Base;
}

render::FrameSplit frame_split(ui::CompareMode mode) {
  switch (mode) {
    case ui::CompareMode::Skinning:
      return render::FrameSplit::Skinning;
    case ui::CompareMode::Clips:
      return render::FrameSplit::Clips;
    case ui::CompareMode::Off:
      break;
  }
  return render::FrameSplit::Whole;
}

}  // namespace

render::FrameView scene_frame_view(const ViewerScene& scene, const ui::ViewSettings& view,
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
  f.split = frame_split(view.compare);
  f.show_grid = view.show_grid;
  f.show_mesh = view.show_mesh;
  f.show_skeleton = view.show_skeleton;
  f.skeleton_octahedra = view.skeleton_octahedra;
  f.show_bone_axes = view.show_bone_axes;
  f.wireframe = view.wireframe;
  f.show_foot_ik_debug = view.show_foot_ik_debug;
  f.show_root_trail = view.show_root_trail;
  f.show_ground = view.show_ground;
  f.shadows = view.shadows;
  f.skinning = view.skinning == ui::SkinningChoice::Lbs ? render::SkinningMethod::Lbs
                                                        : render::SkinningMethod::DualQuat;
  f.coloring = color_mode(view.coloring);
  f.shading = view.shading;
  f.view_projection = view_projection;
  return f;
}

}  // namespace app
