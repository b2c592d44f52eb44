#include "app/frame_exporter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <system_error>

namespace app {

std::string frame_file_name(std::string_view prefix, int frame, int digits) {
  char number[32];
  std::snprintf(number, sizeof number, "%0*d", std::clamp(digits, 1, 10), frame);
  return std::string(prefix) + "_" + number + ".png";
}

std::string plan_frame_export(const FrameExportRequest& request, std::vector<ExportFrame>& out) {
  out.clear();
  if (request.prefix.empty() || request.prefix.find('/') != std::string::npos) {
    return "export prefix \"" + request.prefix + "\" must be a non-empty name without '/'";
  }
  if (request.directory.empty()) return "export directory is empty";
  if (!std::isfinite(request.start_s) || !std::isfinite(request.end_s)) {
    return "export range is not finite";
  }
  if (request.end_s < request.start_s) {
    return "export range ends (" + std::to_string(request.end_s) + " s) before it starts (" +
           std::to_string(request.start_s) + " s)";
  }
  const anim::Timeline& timeline = request.timeline;
  const double fps =
      std::isfinite(timeline.fps) && timeline.fps > 0.0 ? timeline.fps : anim::kDefaultFps;
  const double last_clip_frame = anim::last_frame(timeline);
  const double first = std::max(0.0, std::ceil(request.start_s * fps - anim::kFrameTolerance));
  const double last =
      std::min(last_clip_frame, std::floor(request.end_s * fps + anim::kFrameTolerance));
  if (last < first) {
    return "export range " + std::to_string(request.start_s) + " s to " +
           std::to_string(request.end_s) + " s holds no frame of the clip";
  }
  const int first_frame = static_cast<int>(first);
  const int last_frame = static_cast<int>(last);
  const int count = last_frame - first_frame + 1;
  if (count > kMaxExportFrames) {
    return "export range holds " + std::to_string(count) + " frames, more than " +
           std::to_string(kMaxExportFrames);
  }
  const int digits = std::max(4, static_cast<int>(std::to_string(last_frame).size()));
  out.reserve(static_cast<std::size_t>(count));
  for (int f = first_frame; f <= last_frame; ++f) {
    out.push_back({f, std::min(anim::frame_time(timeline, f), timeline.duration_s),
                   request.directory / frame_file_name(request.prefix, f, digits)});
  }
  return {};
}

void ExportJob::step(const RenderFrameFn& render) {
  if (finished()) return;
  const ExportFrame& frame = next();
  const std::filesystem::path directory = frame.path.parent_path();
  std::error_code ec;
  if (!directory.empty() && !std::filesystem::is_directory(directory, ec)) {
    std::filesystem::create_directories(directory, ec);
    if (ec) {
      result_.error = "cannot create " + directory.string() + ": " + ec.message();
      stopped_ = true;
      return;
    }
  }
  if (std::string error = render(frame); !error.empty()) {
    result_.error = frame.path.string() + ": " + error;
    stopped_ = true;
    return;
  }
  ++result_.frames_written;
}

void ExportJob::cancel() {
  if (finished()) return;
  result_.cancelled = true;
  stopped_ = true;
}

ExportResult export_frames(const std::vector<ExportFrame>& frames, const RenderFrameFn& render,
                           const ExportProgressFn& progress) {
  ExportJob job(frames);
  while (!job.finished()) {
    job.step(render);
    if (!job.result().error.empty()) break;
    if (progress && !progress(job.done(), job.total())) job.cancel();
  }
  return job.result();
}

}  // namespace app
