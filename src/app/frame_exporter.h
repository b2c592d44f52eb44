#pragma once
// Frame-sequence export: which frames a time range covers, what each PNG is called, and the
// loop that renders them with progress and cancellation. The rendering itself is a callback
// (the viewer draws the frame and writes the PNG), so this part is tested without a window.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
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

// A planned export rendered one frame per step(), so the viewer can render a frame per UI frame
// and stay responsive (progress bar, Cancel) instead of blocking in a loop. It holds the plan
// made by plan_frame_export and the outcome so far; export_frames runs one to the end.
class ExportJob {
 public:
  // A job with nothing to do (finished at once).
  ExportJob() = default;
  // A job that will render frames in order.
  explicit ExportJob(std::vector<ExportFrame> frames) : frames_(std::move(frames)) {}

  // True once every frame is written, a frame failed, or the job was cancelled.
  bool finished() const { return stopped_ || done() == total(); }
  int done() const { return result_.frames_written; }
  int total() const { return static_cast<int>(frames_.size()); }
  // The frame the next step() renders. Only valid while !finished().
  const ExportFrame& next() const { return frames_[static_cast<std::size_t>(done())]; }

  // Creates the next frame's directory if missing and renders the frame. A failure finishes the
  // job with result().error naming the file (or the directory) and the cause; the files written
  // before it stay. Does nothing once finished().
  void step(const RenderFrameFn& render);

  // Stops before the next frame: the files written so far stay, and result().cancelled tells
  // whether frames were left unwritten. Does nothing once finished().
  void cancel();

  const ExportResult& result() const { return result_; }

 private:
  std::vector<ExportFrame> frames_;
  ExportResult result_;
  bool stopped_ = false;
};

// Creates the frames' directory and renders the planned frames in order, reporting progress
// after each. Stops at the first failing frame (the files written so far stay) or when progress
// asks to cancel. progress may be empty. Runs an ExportJob to its end.
ExportResult export_frames(const std::vector<ExportFrame>& frames, const RenderFrameFn& render,
                           const ExportProgressFn& progress);

}  // namespace app
