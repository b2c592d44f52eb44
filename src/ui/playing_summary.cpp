#include "ui/playing_summary.h"

#include <imgui.h>

namespace ui {

void draw_status_message(const std::string& status) {
  if (status.empty()) return;
  ImGui::TextDisabled("%s", status.c_str());
  ImGui::SameLine();
}

void draw_no_clips_summary() {
  ImGui::TextDisabled("no clips");
}

bool draw_clip_preview_summary(const char* clip, bool has_graph) {
  bool back = false;
  if (has_graph) {
    back = ImGui::SmallButton("Back to the graph");
    ImGui::SameLine();
  }
  ImGui::Text("%s", clip);
  return back;
}

bool draw_graph_summary(const char* state, const char* heaviest_clip, float heaviest_time_s) {
  if (state != nullptr) ImGui::Text("State: %s", state);
  if (heaviest_clip != nullptr) {
    ImGui::Text("Heaviest clip: %s at %.2f s", heaviest_clip, heaviest_time_s);
  }
  return ImGui::Button("Preview this clip on the timeline") && heaviest_clip != nullptr;
}

}  // namespace ui
