#include "ui/docked_panels.h"

#include <algorithm>

namespace ui {

PanelRects lay_out_panels(visual::PanelLayout& layout, float& applied_ui_scale,
                          float screen_ui_scale, bool show_side_panel, bool has_right) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (layout.ui_scale_automatic) layout.ui_scale = screen_ui_scale;
  if (layout.ui_scale != applied_ui_scale) {
    apply_ui_scale(layout.ui_scale);
    applied_ui_scale = layout.ui_scale;
  }
  const float top = ImGui::GetFrameHeight();  // the menu bar
  const float width = vp->Size.x, height = vp->Size.y;
  PanelRects r = arrange_panels(layout, width, height, top, has_right);
  if (!show_side_panel) {  // View > Side panel off: the viewport takes the width
    r.left.width = r.right.width = 0.0f;
    r.viewport.x = r.bottom.x = 0.0f;
    r.viewport.width = r.bottom.width = width;
  }
  return r;
}

void begin_docked(const char* name, const PanelRect& r) {
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(r.width, r.height), ImGuiCond_Always);
  ImGui::Begin(name, nullptr, kDockedFlags | ImGuiWindowFlags_NoResize);
}

void draw_collapsed_strip(const char* name, const PanelRect& r, ImGuiDir arrow, bool& open) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2.0f, 4.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
  begin_docked(name, r);
  if (ImGui::ArrowButton("##open", arrow)) open = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the panel");
  ImGui::End();
  ImGui::PopStyleVar(2);
}

void collapse_button(ImGuiDir arrow, bool& open) {
  if (ImGui::ArrowButton("##collapse", arrow)) open = false;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Hide the panel");
  ImGui::SameLine();
}

void draw_panel_splitters(visual::PanelLayout& layout, const PanelRects& r) {
  const float top = ImGui::GetFrameHeight();  // the menu bar
  const float height = ImGui::GetMainViewport()->Size.y;
  // Widths are kept at UI scale 1.
  const float scale = std::clamp(layout.ui_scale, 0.5f, 3.0f);
  float w = r.left.width;
  if (r.left.width > 0.0f && layout.left_open &&
      draw_vertical_splitter("##left splitter", r.left.width, top, height - top, 1.0f, w)) {
    layout.left_width = std::max(w, kMinPanelWidth * scale) / scale;
  }
  w = r.right.width;
  if (r.right.width > 0.0f && layout.right_open &&
      draw_vertical_splitter("##right splitter", r.right.x, top, height - top, -1.0f, w)) {
    layout.right_width = std::max(w, kMinPanelWidth * scale) / scale;
  }
}

}  // namespace ui
