#pragma once
// The viewer's docked panels as ImGui windows: where they go this frame (the UI scale applied,
// the side panel shown or not), a docked window, a collapsed panel's strip, the arrow that
// collapses a panel, and the splitters that resize the side panels.

#include <imgui.h>

#include "ui/panel_layout.h"

namespace ui {

// Docked panels stay behind floating windows (notices, dialogs) and the splitters.
constexpr ImGuiWindowFlags kDockedFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                          ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoBringToFrontOnFocus;

// Where everything goes in ImGui's main viewport this frame, under the menu bar. Applies
// layout's UI scale to ImGui first when it changed (applied_ui_scale remembers the last one; an
// automatic scale follows screen_ui_scale). Without the side panel (show_side_panel false) the
// viewport and the timeline take the whole width. has_right: there is a right panel.
PanelRects lay_out_panels(visual::PanelLayout& layout, float& applied_ui_scale,
                          float screen_ui_scale, bool show_side_panel, bool has_right);

// Begins a docked window named name that fills r (end it with ImGui::End).
void begin_docked(const char* name, const PanelRect& r);

// A collapsed panel: a thin strip with the arrow that opens it again.
void draw_collapsed_strip(const char* name, const PanelRect& r, ImGuiDir arrow, bool& open);

// The arrow at the start of an open panel's first line that collapses it.
void collapse_button(ImGuiDir arrow, bool& open);

// The splitters between the open side panels of r and the viewport, drawn after the panels so
// they get the mouse first; a drag changes layout's widths (kept at UI scale 1).
void draw_panel_splitters(visual::PanelLayout& layout, const PanelRects& r);

}  // namespace ui
