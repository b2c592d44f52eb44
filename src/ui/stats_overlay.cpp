#include "ui/stats_overlay.h"

#include <algorithm>

#include <imgui.h>

namespace ui {

namespace {
constexpr float kMargin = 10.0f;  // from the viewport's corner
constexpr int kTimingLines = 3;
}  // namespace

void draw_stats_overlay(const std::optional<FrameStats>& timings, float top_right_x,
                        float top_right_y, std::span<const std::string> extra_lines) {
  if (!timings && extra_lines.empty()) return;
  ImGui::SetNextWindowPos(ImVec2(top_right_x - kMargin, top_right_y + kMargin), ImGuiCond_Always,
                          ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.45f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##stats", nullptr, flags)) {
    if (timings) {
      const float fps = timings->frame_ms > 0.0f ? 1000.0f / timings->frame_ms : 0.0f;
      ImGui::Text("%.0f FPS  %.2f ms", fps, timings->frame_ms);
      ImGui::Text("CPU update %.3f ms", timings->cpu_update_ms);
      ImGui::Text("GPU frame  %.3f ms", timings->gpu_ms);
    }
    for (const std::string& line : extra_lines) ImGui::TextUnformatted(line.c_str());
  }
  ImGui::End();
}

float stats_overlay_bottom(float top_right_y, int extra_lines) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const int lines = kTimingLines + std::max(extra_lines, 0);
  return top_right_y + kMargin + 2.0f * style.WindowPadding.y +
         static_cast<float>(lines) * ImGui::GetFontSize() +
         static_cast<float>(lines - 1) * style.ItemSpacing.y;
}

void draw_help_window(ViewSettings& s) {
  if (!s.show_help) return;
  if (ImGui::Begin("Controls", &s.show_help, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextUnformatted("Camera (Maya preset): Alt+LMB orbit, Alt+MMB pan, Alt+RMB dolly");
    ImGui::TextUnformatted("Camera (Blender preset): MMB orbit, Shift+MMB pan, Ctrl+MMB zoom");
    ImGui::TextUnformatted("Wheel: zoom    F: frame character    Home: frame all");
    ImGui::TextUnformatted("Numpad 1/3/7: front/right/top (orthographic)    5: perspective/ortho");
    ImGui::TextUnformatted("Space: play/pause    Left/Right: one frame");
    ImGui::TextUnformatted("Shift+Left/Right: first/last frame    H: this sheet");
  }
  ImGui::End();
}

}  // namespace ui
