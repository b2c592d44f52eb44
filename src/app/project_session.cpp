#include "app/project_session.h"

#include <algorithm>

#include <glm/gtc/constants.hpp>

#include "app/motion_matching_mode.h"

namespace app {
namespace {

constexpr float kDegrees = 180.0f / glm::pi<float>();

// The file's pitch is an elevation (negative looks down); the orbit camera's looks down when
// positive.
project::CameraPlacement camera_placement(const render::OrbitCamera& camera) {
  return {camera.yaw * kDegrees, -camera.pitch * kDegrees, camera.distance_m, camera.target};
}

void apply_camera_placement(const project::CameraPlacement& placement,
                            render::OrbitCamera& camera) {
  camera.yaw = placement.yaw_deg / kDegrees;
  camera.pitch = -placement.pitch_deg / kDegrees;
  camera.distance_m = placement.distance_m;
  camera.target = placement.target;
}

}  // namespace

project::Project current_project(const project::Project& project, const ViewerUi& ui,
                                 const ViewerScene& scene, const render::OrbitCamera& camera) {
  project::Project p = project;
  p.parameters = scene.parameters;
  project::ProjectView& v = p.view;
  static_cast<visual::ViewSettings&>(v) = ui.view;  // the saved part of the viewer's settings
  v.foot_ik = scene.settings.foot_ik;
  v.stride_warping = scene.settings.stride_warping;
  v.stride_warping_settings = scene.settings.stride_warping_settings;
  v.orientation_warping = scene.settings.orientation_warping;
  v.orientation_warping_settings = scene.settings.orientation_warping_settings;
  v.apply_root_motion = scene.user_root_motion() == anim::RootMotionMode::Applied;
  v.camera = camera_placement(camera);
  project::ProjectSession s;
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

void restore_view(const project::Project& project, visual::SkinningChoice default_skinning,
                  ViewerUi& ui, ViewerScene& scene) {
  const project::ProjectView& v = project.view;
  // Every setting is the project's, whatever the file before had: a file that does not choose
  // one gets the default, not the last file's. The panel layout is the user's window, not the
  // file's (app/file_session.h): only a saved session brings one back (restore_session).
  const visual::PanelLayout layout = ui.view.layout;
  static_cast<visual::ViewSettings&>(ui.view) = v;
  ui.view.layout = layout;
  // LBS, the file's default, cannot say it was chosen: it leaves the viewer's default.
  if (v.skinning == visual::SkinningChoice::Lbs) ui.view.skinning = default_skinning;
  scene.settings.foot_ik = v.foot_ik;
  scene.settings.stride_warping = v.stride_warping;
  scene.settings.stride_warping_settings = v.stride_warping_settings;
  scene.settings.orientation_warping = v.orientation_warping;
  scene.settings.orientation_warping_settings = v.orientation_warping_settings;
  scene.settings.root_motion_mode =
      v.apply_root_motion ? anim::RootMotionMode::Applied : anim::RootMotionMode::InPlace;
  if (std::string e = scene.apply_settings(); !e.empty()) {
    ui.errors.add(scene.character.source_path, e);
  }
}

bool restore_session(const project::Project& project, ViewerUi& ui, ViewerScene& scene,
                     render::OrbitCamera& camera) {
  if (!project.session) return false;
  const project::ProjectSession& s = *project.session;
  apply_camera_placement(project.view.camera, camera);
  // The window as it was when the project was saved, as Blender's Load UI does; the files after
  // it keep it.
  ui.view.layout = project.view.layout;
  if (ui.view.layout.ui_scale_automatic) ui.view.layout.ui_scale = ui.screen_ui_scale;
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

std::string authored_json(project::Project project) {
  project.session.reset();
  // Counted while playing, like the playhead: not an edit that asks to be saved. Storing it
  // makes a section of the default settings where there was none, which says the same.
  if (project.motion_matching) {
    project.motion_matching->coverage.clear();
    if (has_default_settings(*project.motion_matching)) project.motion_matching.reset();
  }
  project.view.camera = {};
  for (int i = 0; i < project.parameters.count(); ++i) project.parameters.set(i, 0.0f);
  return project::project_to_json(project);
}

}  // namespace app
