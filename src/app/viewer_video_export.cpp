#include "app/viewer_video_export.h"

#include <algorithm>
#include <filesystem>

#include "app/project_audio.h"
#include "app/scene_frame_view.h"
#include "app/scene_snapshot.h"
#include "render/audio_track.h"
#include "ui/burn_in_text.h"

namespace app {
std::string plan_video_form(const ui::VideoExportForm& form, const ViewerScene& scene,
                            const SavedRecording* recording, std::vector<PlayblastFrame>& out,
                            double& fps) {
  out.clear();
  const int clip = scene.timeline_clip();
  if (form.recording && recording == nullptr) return "no recording to export";
  if (!form.recording && clip < 0) return "no clip on the timeline to export";
  const std::optional<render::VideoContainer> container = render::video_container_of(form.path);
  if (!container) return "the file must end in .mp4, .webm or .gif";
  const bool gif = *container == render::VideoContainer::Gif;
  const double max_fps = gif ? render::kMaxGifFps : 60.0;
  PlayblastRequest request;
  if (form.recording) {
    fps = form.fps > 0.0 ? form.fps : std::min(kReplayFps, max_fps);
    request.clip_duration_s = recording->inputs.duration_s;
  } else {
    const anim::Timeline timeline = anim::timeline_of(scene.clips()[clip]);
    fps = form.fps > 0.0 ? form.fps : default_playblast_fps(timeline.fps, max_fps);
    request.clip_duration_s = timeline.duration_s;
  }
  if (gif && fps > render::kMaxGifFps) return "a GIF plays at most 50 fps: pick less";
  request.from_s = form.from_s;
  request.to_s = form.to_s;
  request.fps = fps;
  request.turntable_deg = form.turntable_deg;
  return plan_playblast(request, out);
}

ViewerVideoExport::ViewerVideoExport() = default;
ViewerVideoExport::~ViewerVideoExport() = default;

void ViewerVideoExport::open(ui::VideoExportDialogState& dialog, const Document& doc,
                             const ViewerScene& scene, const SavedRecording* recording) {
  dialog.open = true;
  if (running()) return;
  const int clip = scene.timeline_clip();
  if (clip >= 0) {
    const anim::Clip& c = scene.clips()[clip];
    dialog.form = ui::default_video_export_form(c.name, anim::timeline_of(c));
  } else if (recording != nullptr) {
    dialog.form = ui::default_recording_export_form(recording->inputs.duration_s);
  } else {
    return;
  }
  dialog.form.audio = project_audio_path(doc.project(), doc.project_folder());
  dialog.form.audio_offset_s = doc.project().audio_offset_s;
}

std::string ViewerVideoExport::start(Document& doc, ViewerUi& ui, ViewerScene& scene, int width,
                                     int height, const SavedRecording* recording) {
  ui::VideoExportDialogState& dialog = ui.video_export;
  const ui::VideoExportForm& form = dialog.form;
  std::string error = running()               ? "an export is already running"
                      : ui.view.record_inputs ? "stop recording first (File > Record inputs)"
                                              : "";
  if (error.empty()) error = plan_video_form(form, scene, recording, frames_, fps_);
  render::VideoSettings settings;
  // 4:2:0 video needs even sizes: the viewport's, less a pixel where odd.
  settings.width = width & ~1;
  settings.height = height & ~1;
  settings.fps = fps_;
  settings.quality = form.quality;
  if (error.empty() && !form.audio.empty()) {
    render::AudioTrack sound;
    error = render::read_audio_file(form.audio, sound);
    settings.audio = render::place_audio(sound, form.audio_offset_s, frames_.size() / fps_);
  }
  if (error.empty()) {
    std::error_code ignored;  // the writer names what is wrong with the folder
    const std::filesystem::path folder = std::filesystem::path(form.path).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder, ignored);
  }
  replay_.reset();
  if (error.empty() && form.recording) {
    recording_ = recording->inputs;
    replay_.emplace(recording_);
    // The replay starts the character over; it checks the recording's names against the file.
    if (std::string e = replay_->start(scene, doc.project()); !e.empty())
      error = recording->path + ": " + e;
  }
  auto writer = std::make_unique<render::VideoWriter>();
  if (error.empty()) error = writer->open(form.path, settings);
  if (!error.empty()) {
    if (replay_) replay_->finish(scene);
    replay_.reset();
    ui.errors.add(form.path, error);
    return error;
  }
  remember_project_audio(doc.project(), doc.project_folder(), form.audio, form.audio_offset_s);
  writer_ = std::move(writer);
  encoder_ = std::make_unique<render::BackgroundEncoder>(*writer_);
  cancelled_ = false;
  next_ = 0;
  width_ = settings.width;
  height_ = settings.height;
  path_ = form.path;
  // The project's file, else the character's (a file opened without a project, the demo).
  file_name_ = std::filesystem::path(doc.project_path().empty() ? scene.character.source_path
                                                                : doc.project_path())
                   .filename()
                   .string();
  overlay_ = form.overlay;
  turntable_deg_ = form.turntable_deg;
  clip_ = scene.preview_clip;
  clip_name_ = replay_ ? "recording " + std::filesystem::path(recording->path).filename().string()
                       : scene.clips()[clip_].name;
  generation_ = doc.generation();
  playhead_s_ = scene.clock.time_s();
  was_playing_ = scene.clock.playing();
  scene.clock.set_playing(false);
  dialog.progress = {true, 0, static_cast<int>(frames_.size())};
  return {};
}

void ViewerVideoExport::draw(Document& doc, ViewerUi& ui, ViewerScene& scene, int width, int height,
                             const SavedRecording* recording) {
  ui::VideoExportDialogState& dialog = ui.video_export;
  if (!dialog.open) return;
  ui::VideoExportDialogInfo info;
  const int clip = scene.timeline_clip();
  if (clip >= 0) {
    info.clip = scene.clips()[clip].name;
    info.timeline = anim::timeline_of(scene.clips()[clip]);
  }
  if (recording != nullptr) {
    info.recording = std::filesystem::path(recording->path).filename().string();
    info.recording_s = recording->inputs.duration_s;
    info.recording_fps = kReplayFps;
  }
  info.width = width & ~1;
  info.height = height & ~1;
  if (!running()) {
    std::vector<PlayblastFrame> frames;
    double fps = 0.0;
    info.plan_error = plan_video_form(dialog.form, scene, recording, frames, fps);
    info.planned_frames = static_cast<int>(frames.size());
  }
  switch (ui::draw_video_export_dialog(dialog, info)) {
    case ui::FrameExportAction::Export:
      start(doc, ui, scene, width, height, recording);
      break;
    case ui::FrameExportAction::Cancel:
      cancel();
      break;
    case ui::FrameExportAction::None:
      break;
  }
}

void ViewerVideoExport::step(const Document& doc, ViewerUi& ui, ViewerScene& scene,
                             render::SceneRenderer& renderer, const render::OrbitCamera& camera) {
  if (!running()) return;
  if (cancelled_) return finish(doc.generation(), ui, scene, "");
  // A replay picks its clips itself; only another file stops it.
  if (doc.generation() != generation_ || (!replay_ && scene.timeline_clip() != clip_))
    return finish(doc.generation(), ui, scene, "export stopped: the clip on the timeline changed");
  if (next_ < frames_.size()) {
    if (std::string e = target_.bind(width_, height_); !e.empty())
      return finish(doc.generation(), ui, scene, e);
    const PlayblastFrame& frame = frames_[next_];
    const glm::mat4 view_projection =
        camera.projection(static_cast<float>(width_) / static_cast<float>(height_)) *
        camera.view() * turntable_orbit(camera.target, frame.turntable_rad);
    render::Image image;
    std::string e = pose(scene, frame, ui.view);
    if (e.empty()) {
      renderer.upload(scene_frame_view(scene, ui.view), 0.0f);
      e = draw_scene_image(renderer, scene, ui.view, view_projection, width_, height_, image);
      render::OffscreenTarget::unbind();
    }
    if (e.empty()) {
      if (overlay_) {
        std::vector<std::string> lines = overlay_lines(
            file_name_, clip_name_, frame, static_cast<int>(frames_.size()), fps_, !replay_);
        if (replay_) {
          for (std::string& line : replay_->overlay_lines(scene)) lines.push_back(std::move(line));
        }
        ui::burn_in_text(image, lines);
      }
      e = encoder_->submit(std::move(image));
    }
    if (!e.empty()) return finish(doc.generation(), ui, scene, e);
    ++next_;
    ui.video_export.progress.done = static_cast<int>(next_);
    return;
  }
  finish(doc.generation(), ui, scene, encoder_->finish());
}

std::string ViewerVideoExport::pose(ViewerScene& scene, const PlayblastFrame& frame,
                                    const visual::SceneView& view) {
  if (replay_) return replay_->play_to(scene, frame.time_s, 1.0 / fps_, view);
  scene.clock.seek(frame.time_s);
  return scene.update(0.0f, view);
}

void ViewerVideoExport::finish(int generation, ViewerUi& ui, ViewerScene& scene,
                               const std::string& error) {
  const bool complete = error.empty() && !cancelled_ && next_ == frames_.size();
  // Unfinished, the writer removes its file as it goes.
  encoder_.reset();
  writer_.reset();
  ui.video_export.progress.running = false;
  const bool replayed = replay_.has_value();
  if (replay_) replay_->finish(scene);
  replay_.reset();
  if (replayed) {
    scene.clock.set_playing(was_playing_);  // the character plays on from the recording's end
  } else if (scene.timeline_clip() == clip_ && generation == generation_) {
    scene.clock.seek(playhead_s_);
    scene.clock.set_playing(was_playing_);
  }
  std::error_code ec;
  const std::string where = std::filesystem::absolute(path_, ec).lexically_normal().string();
  if (!error.empty()) {
    ui.errors.add(path_, error);
  } else if (!complete) {
    ui.status = "video export cancelled: no file written";
  } else {
    ui.status = "exported " + std::to_string(frames_.size()) + " frames to " + where;
    ui.video_export.open = false;
  }
}

}  // namespace app
