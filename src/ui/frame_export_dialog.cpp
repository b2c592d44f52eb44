#include "ui/frame_export_dialog.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace ui {
namespace {

bool is_name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

// One range end as a frame and as seconds, side by side; editing either moves the other.
void edit_range_end(const char* label, double& time_s, double fps) {
  ImGui::PushID(label);
  int frame = static_cast<int>(std::lround(time_s * fps));
  ImGui::SetNextItemWidth(110.0f);
  if (ImGui::InputInt("frame", &frame)) time_s = frame / fps;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110.0f);
  ImGui::InputDouble("s", &time_s, 0.0, 0.0, "%.4f");
  ImGui::SameLine();
  ImGui::TextUnformatted(label);
  ImGui::PopID();
}

}  // namespace

FrameExportForm default_frame_export_form(std::string_view clip, const anim::Timeline& timeline) {
  std::string name(clip);
  for (char& c : name) {
    if (!is_name_character(c)) c = '_';
  }
  if (name.find_first_not_of('.') == std::string::npos) name = "clip";
  FrameExportForm form;
  form.directory = "export/" + name;
  form.prefix = name;
  form.from_s = 0.0;
  form.to_s = timeline.duration_s;
  return form;
}

FrameExportAction draw_frame_export_dialog(FrameExportDialogState& state,
                                           const FrameExportDialogInfo& info) {
  if (!state.open) return FrameExportAction::None;
  FrameExportAction action = FrameExportAction::None;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Size.x * 0.5f, vp->Size.y * 0.4f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  // Height 0 fits the content, which differs between the form and the progress bar.
  ImGui::SetNextWindowSize(ImVec2(460.0f, 0.0f), ImGuiCond_Always);
  bool keep_open = true;
  ImGui::Begin("Export frames", &keep_open,
               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  FrameExportForm& form = state.form;
  if (state.progress.running) {
    ImGui::Text("Exporting %s to %s", form.prefix.c_str(), form.directory.c_str());
    const int total = std::max(state.progress.total, 1);
    const std::string overlay = "frame " + std::to_string(state.progress.done) + " of " +
                                std::to_string(state.progress.total);
    ImGui::ProgressBar(static_cast<float>(state.progress.done) / static_cast<float>(total),
                       ImVec2(-1.0f, 0.0f), overlay.c_str());
    if (ImGui::Button("Cancel") || !keep_open) action = FrameExportAction::Cancel;
  } else if (info.clip.empty()) {
    ImGui::TextWrapped(
        "Export frames writes the clip on the timeline. Double-click a clip in the Clips tab "
        "(or press \"Preview this clip on the timeline\"), then export.");
    if (!keep_open) state.open = false;
  } else {
    const double fps = std::isfinite(info.timeline.fps) && info.timeline.fps > 0.0
                           ? info.timeline.fps
                           : anim::kDefaultFps;
    ImGui::Text("Clip: %s (%d frames at %g fps)", info.clip.c_str(),
                anim::frame_count(info.timeline), fps);
    ImGui::InputText("Folder", &form.directory);
    ImGui::InputText("File prefix", &form.prefix);
    edit_range_end("from", form.from_s, fps);
    edit_range_end("to", form.to_s, fps);
    if (ImGui::SmallButton("Whole clip")) {
      form.from_s = 0.0;
      form.to_s = info.timeline.duration_s;
    }
    const std::string viewport = "3D viewport (" + std::to_string(info.viewport_width) + " x " +
                                 std::to_string(info.viewport_height) + ")";
    const std::string window = "Window (" + std::to_string(info.window_width) + " x " +
                               std::to_string(info.window_height) + ")";
    if (ImGui::RadioButton(viewport.c_str(), form.resolution == ExportResolution::Viewport)) {
      form.resolution = ExportResolution::Viewport;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton(window.c_str(), form.resolution == ExportResolution::Window)) {
      form.resolution = ExportResolution::Window;
    }
    if (info.plan_error.empty()) {
      ImGui::Text("%d frames: %s_NNNN.png", info.planned_frames, form.prefix.c_str());
    } else {
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", info.plan_error.c_str());
    }
    ImGui::BeginDisabled(!info.plan_error.empty());
    if (ImGui::Button("Export")) action = FrameExportAction::Export;
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Close") || !keep_open) state.open = false;
  }
  ImGui::End();
  return action;
}

}  // namespace ui
