#include "ui/video_export_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <string>

namespace ui {

VideoExportForm default_video_export_form(std::string_view clip, const anim::Timeline& timeline) {
  VideoExportForm form;
  form.path = "export/" + default_frame_export_form(clip, timeline).prefix + ".mp4";
  form.to_s = timeline.duration_s;
  return form;
}

VideoExportForm default_recording_export_form(double duration_s) {
  VideoExportForm form;
  form.recording = true;
  form.path = "export/recording.mp4";
  form.to_s = duration_s;
  return form;
}

namespace {

// Which source the form exports: the clip or the recording, when both are there. A switch
// starts the range over on the new source's whole length.
void pick_source(VideoExportForm& form, const VideoExportDialogInfo& info) {
  if (info.recording.empty()) form.recording = false;
  if (info.clip.empty()) form.recording = true;
  if (info.clip.empty() || info.recording.empty()) return;
  const std::string clip = "Clip " + info.clip;
  const std::string recording = "Recording " + info.recording;
  bool switched = false;
  if (ImGui::RadioButton(clip.c_str(), !form.recording) && form.recording) switched = true;
  ImGui::SameLine();
  if (ImGui::RadioButton(recording.c_str(), form.recording) && !form.recording) switched = true;
  if (!switched) return;
  form.recording = !form.recording;
  form.from_s = 0.0;
  form.to_s = form.recording ? info.recording_s : info.timeline.duration_s;
}

// While an export runs: its file, a progress bar and Cancel (whose place the state keeps).
FrameExportAction draw_progress(VideoExportDialogState& state, bool keep_open) {
  ImGui::Text("Exporting %s", state.form.path.c_str());
  const int total = std::max(state.progress.total, 1);
  const std::string overlay = "frame " + std::to_string(state.progress.done) + " of " +
                              std::to_string(state.progress.total);
  ImGui::ProgressBar(static_cast<float>(state.progress.done) / static_cast<float>(total),
                     ImVec2(-1.0f, 0.0f), overlay.c_str());
  const bool cancel = ImGui::Button("Cancel");
  state.cancel_x = (ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f;
  state.cancel_y = (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f;
  return cancel || !keep_open ? FrameExportAction::Cancel : FrameExportAction::None;
}

// What is exported, to which file, over which range and at which rate.
void draw_source_and_range(VideoExportForm& form, const VideoExportDialogInfo& info) {
  pick_source(form, info);
  const double length_s = form.recording ? info.recording_s : info.timeline.duration_s;
  if (form.recording) {
    ImGui::Text("Recording: %s (%.3f s), %d x %d", info.recording.c_str(), length_s, info.width,
                info.height);
  } else {
    ImGui::Text("Clip: %s (%.3f s at %g fps), %d x %d", info.clip.c_str(), length_s,
                info.timeline.fps, info.width, info.height);
  }
  ImGui::InputText("File (.mp4 .webm .gif)", &form.path);
  ImGui::SetNextItemWidth(110.0f);
  ImGui::InputDouble("from (s)", &form.from_s, 0.0, 0.0, "%.3f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110.0f);
  ImGui::InputDouble("to (s)", &form.to_s, 0.0, 0.0, "%.3f");
  ImGui::SameLine();
  if (ImGui::SmallButton(form.recording ? "Whole recording" : "Whole clip")) {
    form.from_s = 0.0;
    form.to_s = length_s;
  }
  static constexpr std::array<double, 4> kRates{0.0, 24.0, 30.0, 60.0};
  ImGui::TextUnformatted("Frame rate:");
  for (const double rate : kRates) {
    if (form.recording && rate == 0.0) continue;  // a recording has no rate of its own
    ImGui::SameLine();
    const std::string label = rate == 0.0 ? "clip's" : std::to_string(static_cast<int>(rate));
    // A recording's default rate (0) is the replay's.
    const double shown = form.recording && form.fps == 0.0 ? info.recording_fps : form.fps;
    if (ImGui::RadioButton(label.c_str(), shown == rate)) form.fps = rate;
  }
}

// The quality, the turntable, the burn-in and the sound.
void draw_extras(VideoExportForm& form) {
  bool default_quality = form.quality < 0;
  if (ImGui::Checkbox("Default quality", &default_quality))
    form.quality = default_quality ? -1 : 23;
  if (!default_quality) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(160.0f);
    ImGui::SliderInt("CRF (lower: better)", &form.quality, 0, 51);
  }
  ImGui::SetNextItemWidth(160.0f);
  ImGui::DragFloat("Turntable (degrees)", &form.turntable_deg, 1.0f, -720.0f, 720.0f, "%.0f");
  ImGui::Checkbox("Burn in file, clip, frame and timecode", &form.overlay);
  ImGui::InputText("Sound (.wav .flac)", &form.audio);
  if (!form.audio.empty()) {
    ImGui::SetNextItemWidth(110.0f);
    ImGui::InputFloat("Sound starts at (s)", &form.audio_offset_s, 0.0f, 0.0f, "%.3f");
  }
}

// The form, the planned frame count (or why it cannot be exported), Export and Close.
FrameExportAction draw_form(VideoExportDialogState& state, const VideoExportDialogInfo& info,
                            bool keep_open) {
  draw_source_and_range(state.form, info);
  draw_extras(state.form);
  if (info.plan_error.empty()) {
    ImGui::Text("%d frames", info.planned_frames);
  } else {
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", info.plan_error.c_str());
  }
  FrameExportAction action = FrameExportAction::None;
  ImGui::BeginDisabled(!info.plan_error.empty());
  if (ImGui::Button("Export")) action = FrameExportAction::Export;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Close") || !keep_open) state.open = false;
  return action;
}

}  // namespace

FrameExportAction draw_video_export_dialog(VideoExportDialogState& state,
                                           const VideoExportDialogInfo& info) {
  if (!state.open) return FrameExportAction::None;
  FrameExportAction action = FrameExportAction::None;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Size.x * 0.5f, vp->Size.y * 0.4f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(480.0f, 0.0f), ImGuiCond_Always);
  bool keep_open = true;
  ImGui::Begin("Export video", &keep_open,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  if (state.progress.running) {
    action = draw_progress(state, keep_open);
  } else if (info.clip.empty() && info.recording.empty()) {
    ImGui::TextWrapped(
        "Export video writes the clip on the timeline or the last live recording. Double-click "
        "a clip in the Clips tab (or press \"Preview this clip on the timeline\"), or record "
        "with File > Record inputs, then export.");
    if (!keep_open) state.open = false;
  } else {
    action = draw_form(state, info, keep_open);
  }
  ImGui::End();
  return action;
}

}  // namespace ui
