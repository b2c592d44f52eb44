#include "app/viewer_recording.h"

#include <cstdio>

#include <imgui.h>

#include "app/numbered_file.h"
#include "app/recording_file.h"

namespace app {

void ViewerRecording::follow_menu(ViewerUi& ui, const project::Project& project, ViewerScene& scene,
                                  MotionMatchingMode& motion_matching) {
  bool& wanted = ui.view.record_inputs;
  if (wanted == recorder_.recording()) return;
  if (!wanted) {
    save(ui);
    return;
  }
  if (!scene.loaded) {
    wanted = false;  // nothing to record yet
    return;
  }
  if (std::string e = recorder_.start(scene, project, &motion_matching); !e.empty()) {
    ui.errors.add(scene.character.source_path, "recording: " + e);
    wanted = false;
    return;
  }
  ui.status = "recording inputs (File > Record inputs again stops)";
}

std::string ViewerRecording::save(ViewerUi& ui) {
  const InputRecording recording = recorder_.stop();
  ui.view.record_inputs = false;
  const std::string where = path.empty() ? next_numbered_path("animview_recording") : path;
  path.clear();
  if (std::string e = save_recording(recording, where); !e.empty()) {
    ui.errors.add(where, e);
    return e;
  }
  last_ = {recording, where};
  char text[160];
  std::snprintf(text, sizeof text, "recorded %.1f s (%zu inputs) to ", recording.duration_s,
                recording.inputs.size());
  ui.status = text + where + " (File > Export video... renders it)";
  return {};
}

std::string ViewerRecording::finish(ViewerUi& ui) {
  return recorder_.recording() ? save(ui) : std::string();
}

void ViewerRecording::draw_indicator(const ViewportRect& viewport) const {
  if (!recorder_.recording()) return;
  char text[32];
  std::snprintf(text, sizeof text, "REC %.1f s", recorder_.elapsed_s());
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const float size = ImGui::GetFontSize();
  const ImVec2 corner(viewport.x + size, viewport.y + size);
  draw->AddCircleFilled(ImVec2(corner.x + size * 0.5f, corner.y + size * 0.5f), size * 0.4f,
                        IM_COL32(230, 30, 30, 255));
  draw->AddText(ImVec2(corner.x + size * 1.2f, corner.y), IM_COL32(230, 30, 30, 255), text);
}

}  // namespace app
