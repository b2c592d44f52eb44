#pragma once
// The "Export video" dialog (File > Export video...): a playblast of the clip on the timeline or
// of the last live recording (File > Record inputs, replayed at a steady rate), with what `animview
// render --out x.mp4|.webm|.gif` offers: the file (its extension picks the format), the range, the
// frame rate (the clip's, 24, 30, 60), the quality, a turntable, the burn-in overlay and a sound
// file with its offset. While the export runs it shows "frame k of n" with a progress bar and
// Cancel. It only edits a form: planning, rendering and encoding are the caller's
// (app::plan_playblast, render::VideoWriter).

#include <string>
#include <string_view>

#include "anim/playback.h"
#include "ui/frame_export_dialog.h"

namespace ui {

// What the user asks to export. Times are seconds on the clip's timeline, or from the
// recording's start.
struct VideoExportForm {
  bool recording = false;  // the last live recording instead of the clip on the timeline
  std::string path;        // .mp4, .webm or .gif
  double from_s = 0.0;
  double to_s = 0.0;  // the video's end, exclusive
  double fps = 0.0;   // 0: the clip's (at most 60, 50 in a GIF); a recording's: the replay's
  int quality = -1;   // CRF; -1: the codec's default
  float turntable_deg = 0.0f;
  bool overlay = false;
  std::string audio;  // WAV or FLAC; empty: none
  float audio_offset_s = 0.0f;

  bool operator==(const VideoExportForm&) const = default;
};

// The form for the clip named clip: export/<name>.mp4 (<name> as default_frame_export_form
// makes it), the whole clip, the clip's frame rate, the default quality, no extras.
VideoExportForm default_video_export_form(std::string_view clip, const anim::Timeline& timeline);

// The form for a recording of duration_s: export/recording.mp4, all of it, at the replay's
// rate.
VideoExportForm default_recording_export_form(double duration_s);

// What the dialog shows without editing it.
struct VideoExportDialogInfo {
  std::string clip;  // the clip on the timeline; empty when none
  anim::Timeline timeline;
  // The last live recording's file name and length; empty when none was saved. Export is
  // disabled without a clip and a recording.
  std::string recording;
  double recording_s = 0.0;
  double recording_fps = 0.0;  // the rate a recording replays at by default (app::kReplayFps)
  int width = 0;               // the 3D viewport's size, which the video takes (made even)
  int height = 0;
  int planned_frames = 0;
  std::string plan_error;  // why the form cannot be exported; empty if it can
};

struct VideoExportDialogState {
  bool open = false;
  VideoExportForm form;
  FrameExportProgress progress;
  // Where Cancel was last drawn (the centre, in window pixels; 0 before): the state log says it,
  // so an end-to-end test clicks it as a user does.
  float cancel_x = 0.0f, cancel_y = 0.0f;
};

// Draws the dialog while state.open and writes the user's edits into state.form. Export is
// offered only with a clip and no plan_error; closing the dialog while an export runs returns
// Cancel. Returns the button pressed this frame.
FrameExportAction draw_video_export_dialog(VideoExportDialogState& state,
                                           const VideoExportDialogInfo& info);

}  // namespace ui
