#pragma once
// The viewer's frame-range export (File > Export frames...): the dialog's defaults and plan for
// the clip on the timeline, and the export itself, one frame per UI frame into an offscreen
// framebuffer so the pictures hold the 3D scene alone and the window stays responsive. The
// plan is plan_frame_export's and the stepping ExportJob's, as for `animview render --out-dir`.

#include <string>
#include <vector>

#include "app/frame_exporter.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"

namespace app {

// The sizes the dialog's resolution choices stand for, in pixels.
struct ExportSizes {
  int viewport_width = 0;
  int viewport_height = 0;
  int window_width = 0;
  int window_height = 0;
};

// Plans form for the clip on scene's timeline into out. Returns "" or the cause: no clip on the
// timeline, or what plan_frame_export rejects (out is then empty).
std::string plan_form_export(const ui::FrameExportForm& form, const ViewerScene& scene,
                             std::vector<ExportFrame>& out);

class ViewerFrameExport {
 public:
  // Opens the dialog on the defaults for the clip on the timeline (the whole clip into
  // export/<clip>), unless an export is running.
  void open(ui::FrameExportDialogState& dialog, const ViewerScene& scene);

  // Starts exporting what ui.frame_export.form plans, at the size its resolution names: pauses
  // the timeline and remembers its playhead. Returns "" or why it did not start (also listed in
  // the error panel, naming the folder).
  std::string start(const Document& doc, ViewerUi& ui, ViewerScene& scene,
                    const ExportSizes& sizes);

  // Draws the dialog while it is open and acts on its buttons.
  void draw(const Document& doc, ViewerUi& ui, ViewerScene& scene, const ExportSizes& sizes);

  // While an export runs: shows the timeline's pose at the next frame, draws it through camera
  // into the offscreen framebuffer and writes its PNG; then binds the window's framebuffer
  // again. After the last frame, a failure, a cancel, or a change of the clip on the timeline
  // (the user previewed another clip, a file was loaded), it puts the playhead back and reports
  // where the files went (ui.status) or what failed (ui.errors).
  void step(const Document& doc, ViewerUi& ui, ViewerScene& scene, render::SceneRenderer& renderer,
            const render::OrbitCamera& camera);

  // Stops a running export before its next frame (the dialog's Cancel); the next step() ends
  // it, keeping the files written, and puts the playhead back.
  void cancel() { job_.cancel(); }

  bool running() const { return running_; }

 private:
  // generation: the document's now; the playhead goes back only in the one exported from.
  void finish(int generation, ViewerUi& ui, ViewerScene& scene);
  // Plans the form into the dialog's count or error, again only when the form, the clip or the
  // character changed (a long clip plans hundreds of thousands of frames).
  void update_plan(const ui::FrameExportForm& form, const ViewerScene& scene, int generation,
                   ui::FrameExportDialogInfo& info);

  ExportJob job_;
  // The plan the dialog shows, and what it was made from.
  ui::FrameExportForm planned_form_;
  int planned_clip_ = -1;
  int planned_generation_ = -1;
  int planned_frames_ = 0;
  std::string plan_error_;
  bool running_ = false;
  render::OffscreenTarget target_;
  int width_ = 0;
  int height_ = 0;
  std::string directory_;
  // What the export draws from, and what to give back when it ends.
  int clip_ = -1;
  int generation_ = 0;  // the document generation exported from (another: a file was loaded)
  double playhead_s_ = 0.0;
  bool was_playing_ = false;
};

}  // namespace app
