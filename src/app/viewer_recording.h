#pragma once
// File > Record inputs in the viewer (#40): while the menu's check is on, the character's
// updates go through a LiveRecorder, a red "REC" and the recorded seconds show over the
// viewport, and when it is turned off (or the viewer closes) the recording is saved as JSON
// (app/recording_file.h) for `animview render FILE --recording rec.json --out x.mp4`.

#include <string>

#include "app/live_recording.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// The recording last saved in this session, which File > Export video... can render.
struct SavedRecording {
  InputRecording inputs;
  std::string path;
};

class ViewerRecording {
 public:
  // Where the next recording is saved; empty: animview_recording_NNN.json in the working
  // folder (the viewer's --record FILE sets it and starts recording once a file is loaded).
  std::string path;

  // Starts or stops recording as ui.view.record_inputs asks (the motion-matching mode, which
  // must outlive the recording, is recorded with the scene). Stopping saves the recording and
  // says where in ui.status (a failure goes to ui.errors, naming the file).
  void follow_menu(ViewerUi& ui, const project::Project& project, ViewerScene& scene,
                   MotionMatchingMode& motion_matching);

  // Saves a recording still running (the viewer closes). Returns "" or the cause.
  std::string finish(ViewerUi& ui);

  // The frame's update of scene, recorded while recording (LiveRecorder::update).
  std::string update(ViewerScene& scene, float dt_s, const visual::SceneView& view) {
    return recorder_.update(scene, dt_s, view);
  }

  // The red REC sign with the recorded seconds at the viewport's top left corner.
  void draw_indicator(const ViewportRect& viewport) const;

  bool recording() const { return recorder_.recording(); }

  // The last recording saved since the viewer started; null before the first.
  const SavedRecording* last() const { return last_.path.empty() ? nullptr : &last_; }

 private:
  std::string save(ViewerUi& ui);

  LiveRecorder recorder_;
  SavedRecording last_;
};

}  // namespace app
