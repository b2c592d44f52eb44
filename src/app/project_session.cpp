#include "app/project_session.h"

#include <algorithm>

#include <glm/gtc/constants.hpp>

namespace app {
namespace {

constexpr float kDegrees = 180.0f / glm::pi<float>();

}  // namespace

asset::Project current_project(const ViewerUi& ui, const ViewerScene& scene,
                               const render::OrbitCamera& camera) {
  asset::Project p = scene.project;
  p.parameters = scene.parameters;
  asset::ProjectView& v = p.view;
  v.show_grid = ui.view.show_grid;
  v.show_mesh = ui.view.show_mesh;
  v.show_skeleton = ui.view.show_skeleton;
  v.wireframe = ui.view.wireframe;
  v.shading = render::to_string(ui.view.shading);
  v.show_ground = ui.view.show_ground;
  v.shadows = ui.view.shadows;
  v.fxaa = ui.view.fxaa;
  v.dual_quaternion_skinning = ui.view.skinning == ui::SkinningChoice::DualQuat;
  v.foot_ik = scene.settings.foot_ik;
  v.apply_root_motion = scene.settings.root_motion_mode == anim::RootMotionMode::Applied;
  const ui::PanelLayout& layout = ui.view.layout;
  v.left_panel_width_px = layout.left_width;
  v.right_panel_width_px = layout.right_width;
  v.left_panel_open = layout.left_open;
  v.right_panel_open = layout.right_open;
  v.ui_scale = layout.ui_scale_automatic ? 0.0f : layout.ui_scale;
  // The file's pitch is an elevation (negative looks down); the orbit camera's looks down when
  // positive.
  v.camera_yaw_deg = camera.yaw * kDegrees;
  v.camera_pitch_deg = -camera.pitch * kDegrees;
  v.camera_distance_m = camera.distance_m;
  v.camera_target = camera.target;
  asset::ProjectSession s;
  const bool previewing = scene.mode == PlayMode::ClipPreview && scene.preview_clip >= 0 &&
                          scene.preview_clip < static_cast<int>(scene.clips().size());
  s.mode = previewing ? "clip" : "graph";
  if (previewing) s.clip = scene.clips()[scene.preview_clip].name;
  s.time_s = static_cast<float>(scene.clock.time_s());
  s.playing = scene.clock.playing();
  s.speed = static_cast<float>(scene.clock.speed());
  s.loop = scene.clock.mode();
  s.time_scale = ui.view.time_scale;
  p.session = s;
  return p;
}

void restore_view(const asset::Project& project, ViewerUi& ui, ViewerScene& scene) {
  const asset::ProjectView& v = project.view;
  ui.view.show_grid = v.show_grid;
  ui.view.show_mesh = v.show_mesh;
  ui.view.show_skeleton = v.show_skeleton;
  ui.view.wireframe = v.wireframe;
  ui.view.shading = render::parse_shading_mode(v.shading);
  ui.view.show_ground = v.show_ground;
  ui.view.shadows = v.shadows;
  ui.view.fxaa = v.fxaa;
  ui.view.layout = {v.left_panel_width_px,
                    v.right_panel_width_px,
                    v.left_panel_open,
                    v.right_panel_open,
                    v.ui_scale > 0.0f ? v.ui_scale : ui.screen_ui_scale,
                    v.ui_scale == 0.0f};
  if (v.dual_quaternion_skinning) ui.view.skinning = ui::SkinningChoice::DualQuat;
  scene.settings.foot_ik = v.foot_ik;
  if (v.apply_root_motion) scene.settings.root_motion_mode = anim::RootMotionMode::Applied;
}

bool restore_session(const asset::Project& project, ViewerUi& ui, ViewerScene& scene,
                     render::OrbitCamera& camera) {
  if (!project.session) return false;
  const asset::ProjectSession& s = *project.session;
  const asset::ProjectView& v = project.view;
  camera.yaw = v.camera_yaw_deg / kDegrees;
  camera.pitch = -v.camera_pitch_deg / kDegrees;
  camera.distance_m = v.camera_distance_m;
  camera.target = v.camera_target;
  ui.view.time_scale = std::clamp(s.time_scale, 0.05f, 1.0f);
  if (s.mode == "graph" && scene.loaded &&
      (scene.graph().has_machine || !scene.graph().blend_spaces.empty())) {
    scene.mode = PlayMode::Graph;
  }
  if (s.mode == "clip") {
    const int clip = scene.find_clip(s.clip);
    if (clip >= 0) {
      preview_clip(ui, scene, clip);
      scene.clock.seek(s.time_s);
    }
  }
  scene.clock.set_playing(s.playing);
  scene.clock.set_speed(s.speed);
  scene.clock.set_mode(s.loop);
  return true;
}

std::string authored_json(asset::Project project) {
  project.session.reset();
  // Counted while playing, like the playhead: not an edit that asks to be saved.
  if (project.motion_matching) project.motion_matching->coverage.clear();
  const asset::ProjectView defaults;
  project.view.camera_yaw_deg = defaults.camera_yaw_deg;
  project.view.camera_pitch_deg = defaults.camera_pitch_deg;
  project.view.camera_distance_m = defaults.camera_distance_m;
  project.view.camera_target = defaults.camera_target;
  for (int i = 0; i < project.parameters.count(); ++i) project.parameters.set(i, 0.0f);
  return asset::project_to_json(project);
}

}  // namespace app
