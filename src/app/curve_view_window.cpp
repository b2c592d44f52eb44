#include "app/curve_view_window.h"

namespace app {

void run_curve_view(ViewerUi& ui, ViewerScene& scene) {
  if (!ui.curve_view.open) return;  // nothing is sampled while the window is closed
  const int joint = ui.joints.selection.empty() ? -1 : ui.joints.selection.back();
  refresh_joint_curves(scene, ui.joint_probe, joint, ui.joints.order, ui.load_count,
                       ui.joint_curves);
  const JointCurveData& curves = ui.joint_curves;
  ui::CurveViewData data;
  if (scene.loaded && joint >= 0 && joint < scene.character.skeleton.joint_count()) {
    data.joint = scene.character.skeleton.joint_names[joint];
  }
  if (curves.valid) {
    data.frames = curves.frames;
    data.key_times = curves.key_times;
    data.pops = curves.pops;
    data.fps = curves.fps;
    data.duration_s = curves.duration_s;
  }
  data.playhead_s = scene.clock.time_s();
  if (const double seek = ui::draw_curve_view(ui.curve_view, data); seek >= 0.0) {
    scene.clock.set_playing(false);
    scene.clock.seek(seek);
  }
}

}  // namespace app
