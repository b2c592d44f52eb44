#include "ui/panel_layout.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace ui {
namespace {

// The automatic width: a share of the window, between a floor and a ceiling (at scale 1).
float automatic_width(float window_width, float share, float floor_px, float ceiling_px,
                      float scale) {
  return std::clamp(window_width * share, floor_px * scale, ceiling_px * scale);
}

}  // namespace

float bottom_panel_height(float ui_scale) {
  return 118.0f * ui_scale;
}

void grow_bottom_panel(PanelRects& r, float extra_px) {
  const float extra = std::clamp(extra_px, 0.0f, r.viewport.height * 0.5f);
  r.viewport.height -= extra;
  r.bottom.y -= extra;
  r.bottom.height += extra;
}

PanelRects arrange_panels(const visual::PanelLayout& layout, float width, float height, float top,
                          bool has_right) {
  const float scale = std::clamp(layout.ui_scale, 0.5f, 3.0f);
  const float strip = kCollapsedStripWidth * scale;
  float left = layout.left_open ? (layout.left_width > 0.0f
                                       ? layout.left_width * scale
                                       : automatic_width(width, 0.22f, 300.0f, 560.0f, scale))
                                : strip;
  float right = 0.0f;
  if (has_right) {
    right = layout.right_open
                ? (layout.right_width > 0.0f ? layout.right_width * scale
                                             : automatic_width(width, 0.26f, 380.0f, 720.0f, scale))
                : strip;
  }
  if (layout.left_open) left = std::max(left, kMinPanelWidth * scale);
  if (has_right && layout.right_open) right = std::max(right, kMinPanelWidth * scale);
  // The viewport keeps its minimum; in a window too small for that, half the width.
  const float min_viewport = std::min(kMinViewportWidth * scale, width * 0.5f);
  const float room = std::max(width - min_viewport, 0.0f);
  // Only open panels shrink: a collapsed strip is already as small as it gets.
  const float fixed =
      (layout.left_open ? 0.0f : left) + (has_right && !layout.right_open ? right : 0.0f);
  const float open = left + right - fixed;
  const bool shrink = left + right > room && open > 0.0f;
  if (shrink) {
    const float k = std::max(room - fixed, 0.0f) / open;
    if (layout.left_open) left *= k;
    if (has_right && layout.right_open) right *= k;
  }
  const float bottom = std::min(bottom_panel_height(scale), std::max(height - top, 0.0f) * 0.4f);
  PanelRects r;
  r.left = {0.0f, top, left, height - top};
  r.right = {width - right, top, right, height - top};
  // Shrunk panels leave the viewport its minimum exactly, not a rounding step short of it.
  r.viewport = {left, top, std::max(width - left - right, shrink ? min_viewport : 1.0f),
                std::max(height - top - bottom, 1.0f)};
  r.bottom = {left, top + r.viewport.height, r.viewport.width, bottom};
  return r;
}

bool draw_vertical_splitter(const char* id, float x, float y, float height, float sign,
                            float& width_px) {
  const float grab = kSplitterWidth * ImGui::GetIO().FontGlobalScale;
  ImGui::SetNextWindowPos(ImVec2(x - grab * 0.5f, y));
  ImGui::SetNextWindowSize(ImVec2(grab, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground |
                                 ImGuiWindowFlags_NoScrollbar;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
  ImGui::Begin(id, nullptr, flags);
  ImGui::InvisibleButton("##grab", ImVec2(grab, height));
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered() || active) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  if (active) width_px += ImGui::GetIO().MouseDelta.x * sign;
  if (ImGui::IsItemHovered() || active) {
    const ImU32 colour =
        ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered);
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x - 1.0f, y), ImVec2(x + 1.0f, y + height),
                                              colour);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  return active;
}

float screen_ui_scale(float content_scale, int monitor_width_px, int monitor_width_mm) {
  float scale = 1.0f;
  if (std::isfinite(content_scale) && content_scale > 1.05f) {
    scale = content_scale;
  } else if (monitor_width_px > 0 && monitor_width_mm > 0) {
    const float dpi =
        static_cast<float>(monitor_width_px) * 25.4f / static_cast<float>(monitor_width_mm);
    if (dpi >= 50.0f && dpi <= 1000.0f) scale = dpi / 96.0f;
  }
  return std::clamp(std::round(scale * 4.0f) / 4.0f, 1.0f, 3.0f);
}

void apply_ui_scale(float ui_scale) {
  const float scale = std::clamp(std::isfinite(ui_scale) ? ui_scale : 1.0f, 0.5f, 3.0f);
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.ScaleAllSizes(scale);
  ImGui::GetIO().FontGlobalScale = scale;
}

}  // namespace ui
