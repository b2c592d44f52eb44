#pragma once
// The viewer's video export (File > Export video...): a playblast of the clip on the timeline or
// of the last live recording, planned as `animview render --out x.mp4 [--recording R]` plans it
// (app/playblast_plan.h), rendered one frame per UI frame into an offscreen framebuffer through
// the viewer's camera, and encoded on a worker thread (render::BackgroundEncoder) while the next
// frame renders. A recording is replayed on the character from its start (RecordingReplay), in
// steps of the video's frames, as `render --recording` replays it. Cancel, a failure or a change
// of clip (of file, for a recording) leave no file.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/live_recording.h"
#include "app/playblast_plan.h"
#include "app/viewer_panels.h"
#include "app/viewer_recording.h"
#include "app/viewer_scene.h"
#include "render/background_encoder.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"
#include "render/video_writer.h"
#include "ui/video_export_dialog.h"

namespace app {

// Plans form for the clip on scene's timeline, or for recording (null: none) when the form asks
// for it, into out, with the frame rate it comes to in fps. Returns "" or the cause: no clip on
// the timeline or no recording, a path that is not .mp4/.webm/.gif, or what plan_playblast
// rejects (out is then empty).
std::string plan_video_form(const ui::VideoExportForm& form, const ViewerScene& scene,
                            const SavedRecording* recording, std::vector<PlayblastFrame>& out,
                            double& fps);

class ViewerVideoExport {
 public:
  ViewerVideoExport();
  ~ViewerVideoExport();

  // Opens the dialog on the defaults for the clip on the timeline (else for recording, null when
  // none), with the sound doc's project remembers, unless an export runs.
  void open(ui::VideoExportDialogState& dialog, const Document& doc, const ViewerScene& scene,
            const SavedRecording* recording);

  // Starts exporting what ui.video_export.form plans at width x height (the viewport's, made
  // even): reads the sound (which the project then remembers, relative to doc's folder),
  // creates the file's folder, opens the file, pauses the timeline (a recording's replay starts
  // the character over). Returns "" or why it did not start (also listed in the error panel,
  // naming the file).
  std::string start(Document& doc, ViewerUi& ui, ViewerScene& scene, int width, int height,
                    const SavedRecording* recording);

  // Draws the dialog while it is open and acts on its buttons.
  void draw(Document& doc, ViewerUi& ui, ViewerScene& scene, int width, int height,
            const SavedRecording* recording);

  // While an export runs: renders its next frame through camera and hands it to the encoder;
  // after the last frame finishes the file. A failure, a cancel or a change of the clip on the
  // timeline removes the file. Then puts the playhead back and reports (ui.status, ui.errors).
  void step(const Document& doc, ViewerUi& ui, ViewerScene& scene, render::SceneRenderer& renderer,
            const render::OrbitCamera& camera);

  // Stops a running export before its next frame; the next step() ends it, leaving no file.
  void cancel() { cancelled_ = true; }

  bool running() const { return encoder_ != nullptr; }
  // Whether a recording is being replayed into the video (the viewer's own updates wait).
  bool replaying() const { return running() && replay_.has_value(); }

 private:
  // generation: the document's now; the playhead goes back only in the one exported from.
  void finish(int generation, ViewerUi& ui, ViewerScene& scene, const std::string& error);
  // Poses scene for frame: the clip at its time, or the recording replayed up to it.
  std::string pose(ViewerScene& scene, const PlayblastFrame& frame, const visual::SceneView& view);

  std::vector<PlayblastFrame> frames_;
  std::size_t next_ = 0;
  std::unique_ptr<render::VideoWriter> writer_;
  std::unique_ptr<render::BackgroundEncoder> encoder_;  // while running; ends before writer_
  bool cancelled_ = false;
  render::OffscreenTarget target_;
  int width_ = 0;
  int height_ = 0;
  double fps_ = 0.0;
  std::string path_;
  std::string file_name_;
  std::string clip_name_;
  bool overlay_ = false;
  double turntable_deg_ = 0.0;
  // What the export draws from, and what to give back when it ends.
  InputRecording recording_;               // a copy: the viewer may record again meanwhile
  std::optional<RecordingReplay> replay_;  // while a recording is exported (reads recording_)
  int clip_ = -1;
  int generation_ = 0;  // the document generation exported from (another: a file was loaded)
  double playhead_s_ = 0.0;
  bool was_playing_ = false;
};

}  // namespace app
