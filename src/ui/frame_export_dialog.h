#pragma once
// The "Export frames" dialog: where the PNG sequence goes (folder, file prefix), which part of
// the clip on the timeline (from/to, as frames or seconds), at which size (the 3D viewport's or
// the whole window's), how many frames that makes, and Export. While an export runs it shows
// "frame k of n" with a progress bar and Cancel instead. It only edits a form: planning and
// rendering are the caller's (app::plan_frame_export, app::ExportJob).

#include <string>
#include <string_view>

#include "anim/playback.h"

namespace ui {

// Which size the exported pictures have.
enum class ExportResolution {
  Viewport,  // the 3D view's rectangle, as on screen
  Window,    // the whole window's framebuffer
};

// What the user asks to export. Times are seconds on the clip's timeline.
struct FrameExportForm {
  std::string directory;  // created if missing
  std::string prefix;     // file names are <prefix>_<frame>.png
  double from_s = 0.0;
  double to_s = 0.0;
  ExportResolution resolution = ExportResolution::Viewport;

  bool operator==(const FrameExportForm&) const = default;
};

// The form for a clip named clip with the given timeline: the folder "export/<name>", the
// prefix <name>, and the whole clip. <name> is clip with every character other than a letter, a
// digit, '-', '_' or '.' replaced by '_' (glTF names like "Armature|walk" or "a/b" must not
// make paths), or "clip" when that leaves nothing usable (empty, or only dots).
FrameExportForm default_frame_export_form(std::string_view clip, const anim::Timeline& timeline);

// What an export in progress has done, for the progress bar.
struct FrameExportProgress {
  bool running = false;
  int done = 0;   // frames written
  int total = 0;  // frames planned
};

// What the dialog shows without editing it.
struct FrameExportDialogInfo {
  std::string clip;         // the clip on the timeline; empty when none (Export is disabled)
  anim::Timeline timeline;  // its timeline, for frames <-> seconds
  int viewport_width = 0;   // the sizes the resolution choice stands for, in pixels
  int viewport_height = 0;
  int window_width = 0;
  int window_height = 0;
  int planned_frames = 0;  // how many frames the form would write
  std::string plan_error;  // why the form cannot be exported (shown in red); empty if it can
};

// The dialog's state between frames.
struct FrameExportDialogState {
  bool open = false;
  FrameExportForm form;
  FrameExportProgress progress;
};

// What the user pressed this frame.
enum class FrameExportAction { None, Export, Cancel };

// Draws the dialog while state.open and writes the user's edits into state.form. Export is
// offered only when info has a clip and no plan_error; closing the dialog while an export runs
// returns Cancel. Returns the button pressed this frame.
FrameExportAction draw_frame_export_dialog(FrameExportDialogState& state,
                                           const FrameExportDialogInfo& info);

}  // namespace ui
