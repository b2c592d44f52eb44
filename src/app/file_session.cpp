#include "app/file_session.h"

namespace app {

bool opens_another_file(const Document& doc, const ViewerUi& ui,
                        const std::vector<std::string>& files) {
  return ui.load_count > 0 && files != doc.files();
}

void start_file_session(ViewerUi& ui, ViewerScene& scene, render::OrbitCamera& camera) {
  // A fresh viewer's placement: the load frames the new character from its angles (or the
  // file's saved session places the camera).
  const render::OrbitCamera placed;
  camera.yaw = placed.yaw;
  camera.pitch = placed.pitch;
  camera.distance_m = placed.distance_m;
  camera.target = placed.target;
  scene.clock.set_speed(1.0);
  scene.clock.set_mode(anim::PlaybackMode::Loop);
  scene.clock.set_reverse(false);
  ui.view.time_scale = 1.0f;
  ui.notices = {};
  ui.notice_list = {};
  ui.errors = {};
  ui.last_frame_error.clear();
  ui.status.clear();
  ui.clip_files.retarget_offer.clear();
  ui.clips.browser = {};
  ui.graph.machine_view = {};
  ui.transition_timeline = {};
  ui.timeline.state = {};
  ui.graph.blend_space = 0;
}

}  // namespace app
