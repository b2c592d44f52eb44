#include "app/curve_view_window.h"

#include <string>
#include <vector>

namespace app {
namespace {

// The curve view's data over what data sampled.
std::vector<ui::JointCurveSet> curve_sets(const JointCurveData& data) {
  std::vector<ui::JointCurveSet> sets;
  for (const SampledJointCurves& joint : data.joints) {
    sets.push_back({joint.name, joint.frames, joint.exact_frames, joint.key_times, joint.tangents,
                    joint.pops, joint.pop_threshold});
  }
  return sets;
}

}  // namespace

void run_curve_view(ViewerUi& ui, const Document& doc, ViewerScene& scene) {
  if (!ui.curve_view.open) return;  // nothing is sampled while the window is closed
  const std::vector<int>& selection = ui.joints.inspector.selection;
  const bool recorded = scene.loaded && scene.mode == PlayMode::Graph;
  if (recorded) {
    read_recorded_curves(ui.history, scene.character.skeleton, selection, ui.joints.inspector.order,
                         ui.joint_curves);
  } else {
    if (std::string e =
            refresh_joint_curves(doc.project(), scene, ui.joints.probe, selection,
                                 ui.joints.inspector.order, doc.generation(), ui.joint_curves);
        !e.empty()) {
      ui.errors.add(scene.character.source_path, "curve view: " + e);
    }
  }
  const JointCurveData& curves = ui.joint_curves;
  const std::vector<ui::JointCurveSet> sets =
      curves.valid ? curve_sets(curves) : std::vector<ui::JointCurveSet>{};
  ui::CurveViewData data;
  data.joints = sets;
  data.joint_selected = scene.loaded && !selection.empty();
  data.fps = curves.fps;
  data.duration_s = curves.duration_s;
  std::string source;
  const double record_start_s = ui.history.size() > 0 ? ui.history.frame(0).time_s : 0.0;
  if (recorded) {
    source = "graph record";
    const ui::TransitionTimelineState& timeline = ui.transition_timeline;
    const int shown = timeline.paused ? timeline.shown : ui.history.size() - 1;
    if (shown >= 0 && shown < ui.history.size()) {
      data.playhead_s = ui.history.frame(shown).time_s - record_start_s;
    }
  } else {
    if (scene.preview_clip >= 0) source = "clip " + scene.clips()[scene.preview_clip].name;
    data.playhead_s = scene.clock.time_s();
  }
  data.source = source;
  const double seek = ui::draw_curve_view(ui.curve_view, data);
  if (seek < 0.0) return;
  if (recorded) {
    ui.transition_timeline.paused = true;
    ui.transition_timeline.shown = ui.history.frame_at(record_start_s + seek);
  } else {
    scene.clock.set_playing(false);
    scene.clock.seek(seek);
  }
}

}  // namespace app
