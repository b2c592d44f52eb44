#include "app/viewer_frame_export.h"

#include <filesystem>

#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"

namespace app {
std::string plan_form_export(const ui::FrameExportForm& form, const ViewerScene& scene,
                             std::vector<ExportFrame>& out) {
  out.clear();
  const int clip = scene.timeline_clip();
  if (clip < 0) return "no clip on the timeline to export";
  FrameExportRequest request;
  request.directory = form.directory;
  request.prefix = form.prefix;
  request.timeline = anim::timeline_of(scene.clips()[clip]);
  request.start_s = form.from_s;
  request.end_s = form.to_s;
  return plan_frame_export(request, out);
}

void ViewerFrameExport::open(ui::FrameExportDialogState& dialog, const ViewerScene& scene) {
  dialog.open = true;
  if (running_) return;
  const int clip = scene.timeline_clip();
  if (clip < 0) return;
  const anim::Clip& c = scene.clips()[clip];
  const ui::ExportResolution resolution = dialog.form.resolution;
  dialog.form = ui::default_frame_export_form(c.name, anim::timeline_of(c));
  dialog.form.resolution = resolution;
}

std::string ViewerFrameExport::start(const Document& doc, ViewerUi& ui, ViewerScene& scene,
                                     const ExportSizes& sizes) {
  ui::FrameExportDialogState& dialog = ui.frame_export;
  std::vector<ExportFrame> frames;
  std::string error = running_ ? "an export is already running" : "";
  if (error.empty()) error = plan_form_export(dialog.form, scene, frames);
  const bool viewport = dialog.form.resolution == ui::ExportResolution::Viewport;
  width_ = viewport ? sizes.viewport_width : sizes.window_width;
  height_ = viewport ? sizes.viewport_height : sizes.window_height;
  if (error.empty() && (width_ < 1 || height_ < 1)) {
    error = "export size " + std::to_string(width_) + "x" + std::to_string(height_) + " is empty";
  }
  if (!error.empty()) {
    ui.errors.add(dialog.form.directory, error);
    return error;
  }
  job_ = ExportJob(std::move(frames));
  running_ = true;
  directory_ = dialog.form.directory;
  clip_ = scene.preview_clip;
  generation_ = doc.generation();
  playhead_s_ = scene.clock.time_s();
  was_playing_ = scene.clock.playing();
  scene.clock.set_playing(false);
  dialog.progress = {true, 0, job_.total()};
  return {};
}

void ViewerFrameExport::draw(const Document& doc, ViewerUi& ui, ViewerScene& scene,
                             const ExportSizes& sizes) {
  ui::FrameExportDialogState& dialog = ui.frame_export;
  if (!dialog.open) return;
  ui::FrameExportDialogInfo info;
  const int clip = scene.timeline_clip();
  if (clip >= 0) {
    info.clip = scene.clips()[clip].name;
    info.timeline = anim::timeline_of(scene.clips()[clip]);
  }
  info.viewport_width = sizes.viewport_width;
  info.viewport_height = sizes.viewport_height;
  info.window_width = sizes.window_width;
  info.window_height = sizes.window_height;
  if (!running_) update_plan(dialog.form, scene, doc.generation(), info);
  switch (ui::draw_frame_export_dialog(dialog, info)) {
    case ui::FrameExportAction::Export:
      start(doc, ui, scene, sizes);
      break;
    case ui::FrameExportAction::Cancel:
      cancel();
      break;
    case ui::FrameExportAction::None:
      break;
  }
}

void ViewerFrameExport::update_plan(const ui::FrameExportForm& form, const ViewerScene& scene,
                                    int generation, ui::FrameExportDialogInfo& info) {
  const int clip = scene.timeline_clip();
  if (form != planned_form_ || clip != planned_clip_ || generation != planned_generation_) {
    std::vector<ExportFrame> frames;
    plan_error_ = plan_form_export(form, scene, frames);
    planned_frames_ = static_cast<int>(frames.size());
    planned_form_ = form;
    planned_clip_ = clip;
    planned_generation_ = generation;
  }
  info.plan_error = plan_error_;
  info.planned_frames = planned_frames_;
}

void ViewerFrameExport::step(const Document& doc, ViewerUi& ui, ViewerScene& scene,
                             render::SceneRenderer& renderer, const render::OrbitCamera& camera) {
  if (!running_) return;
  if (!job_.finished() && (scene.timeline_clip() != clip_ || doc.generation() != generation_)) {
    ui.errors.add(directory_, "export stopped: the clip on the timeline changed");
    job_.cancel();
  }
  if (!job_.finished()) {
    if (std::string e = target_.bind(width_, height_); !e.empty()) {
      ui.errors.add(directory_, e);
      job_.cancel();
    }
  }
  if (!job_.finished()) {
    const glm::mat4 view_projection =
        camera.projection(static_cast<float>(width_) / static_cast<float>(height_)) * camera.view();
    job_.step([&](const ExportFrame& frame) {
      scene.clock.seek(frame.time_s);
      scene.update(0.0f, ui.view);
      renderer.upload(scene_frame_view(scene, ui.view), 0.0f);
      return write_scene_png(renderer, scene, ui.view, view_projection, width_, height_,
                             frame.path.string());
    });
    render::OffscreenTarget::unbind();
    ui.frame_export.progress.done = job_.done();
  }
  if (job_.finished()) finish(doc.generation(), ui, scene);
}

void ViewerFrameExport::finish(int generation, ViewerUi& ui, ViewerScene& scene) {
  running_ = false;
  ui.frame_export.progress.running = false;
  const ExportResult& result = job_.result();
  if (scene.timeline_clip() == clip_ && generation == generation_) {
    scene.clock.seek(playhead_s_);
    scene.clock.set_playing(was_playing_);
  }
  std::error_code ec;
  const std::string where = std::filesystem::absolute(directory_, ec).lexically_normal().string();
  if (!result.error.empty()) {
    ui.errors.add(directory_, result.error);
  } else if (result.cancelled) {
    ui.status = "export cancelled after " + std::to_string(result.frames_written) + " of " +
                std::to_string(job_.total()) + " frames (kept in " + where + ")";
  } else {
    ui.status = "exported " + std::to_string(result.frames_written) + " frames to " + where;
    ui.frame_export.open = false;
  }
}

}  // namespace app
