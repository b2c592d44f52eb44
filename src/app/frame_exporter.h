#pragma once
// Frame-sequence export: which frames a time range covers, what each PNG is called, and the
// loop that renders them with progress and cancellation. The rendering itself is a callback
// (the viewer draws the frame and writes the PNG), so this part is tested without a window.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/playback.h"

namespace app {

// A time range of a clip to export as a numbered PNG sequence.
struct FrameExportRequest {
  std::filesystem::path directory;  // created if missing
  std::string prefix = "frame";     // a file name part: no '/' and not empty
  anim::Timeline timeline;          // the clip's duration and source frame rate
  double start_s = 0.0;             // first time of the range, inclusive
  double end_s = 0.0;               // last time of the range, inclusive
};

// One frame of the sequence: the clip frame it shows, that frame's time, and its file.
struct ExportFrame {
  int frame = 0;
  double time_s = 0.0;
  std::filesystem::path path;
};

// The most frames one export may plan (an hour at 120 fps is 432000): a guard against a typo
// in the range filling the disk.
inline constexpr int kMaxExportFrames = 500000;

// The file name of frame: "<prefix>_<frame zero-padded to digits>.png", e.g. walk_0007.png.
std::string frame_file_name(std::string_view prefix, int frame, int digits);

// Plans the export into out: every whole frame of the timeline from the first at or after
// start_s to the last at or before end_s (within anim::kFrameTolerance), clamped to the clip,
// named by clip frame with at least four digits (more when the last frame needs them, so names
// sort in order). Returns an empty string on success, otherwise the cause naming the bad field
// (out is then empty): a range that is not finite, ends before it starts or holds no frame, an
// empty or path-like prefix, an empty directory, or more than kMaxExportFrames frames.
std::string plan_frame_export(const FrameExportRequest& request, std::vector<ExportFrame>& out);

// Renders frame and writes its PNG to frame.path; returns an empty string or the cause.
using RenderFrameFn = std::function<std::string(const ExportFrame& frame)>;
// Told after each written frame (done of total); returns false to cancel the export.
using ExportProgressFn = std::function<bool(int done, int total)>;

struct ExportResult {
  int frames_written = 0;
  bool cancelled = false;
  std::string error;  // empty on success or cancel; otherwise names the file and the cause
};

// Creates the frames' directory and renders the planned frames in order, reporting progress
// after each. Stops at the first failing frame (the files written so far stay) or when progress
// asks to cancel. progress may be empty.
ExportResult export_frames(const std::vector<ExportFrame>& frames, const RenderFrameFn& render,
                           const ExportProgressFn& progress);

}  // namespace app
