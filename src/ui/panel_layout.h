#pragma once
// Where the viewer's side panels, the timeline and the 3D viewport go in the window. The user
// resizes the side panels with splitters and collapses them to a thin strip; the viewport always
// keeps a usable width, whatever the window size (800x600 up to 4K) and the UI scale.

#include "visual/view_settings.h"

namespace ui {

// A rectangle in window pixels from the top-left corner.
struct PanelRect {
  float x = 0.0f, y = 0.0f, width = 0.0f, height = 0.0f;
};

// Where everything goes for one frame.
struct PanelRects {
  PanelRect left;      // the left panel (a collapsed panel's strip when it is closed)
  PanelRect right;     // the right panel, or its strip; width 0 when there is no right panel
  PanelRect bottom;    // the timeline, under the viewport
  PanelRect viewport;  // what is left for the 3D view
};

// The thinnest the viewport gets, at UI scale 1, before the panels shrink to make room.
inline constexpr float kMinViewportWidth = 360.0f;
// The width of a collapsed panel's strip and of a splitter's grab area, at UI scale 1.
inline constexpr float kCollapsedStripWidth = 22.0f;
inline constexpr float kSplitterWidth = 6.0f;
// Panels never get narrower than this (at UI scale 1) while open, unless the window is so small
// that the viewport would drop below kMinViewportWidth.
inline constexpr float kMinPanelWidth = 180.0f;

// Lays out a window of width x height whose menu bar ends at top. has_right: whether there is a
// right panel (a graph to show). Open panels take their chosen width (or the automatic share),
// clamped so the viewport keeps at least kMinViewportWidth (scaled) or, in a window too small
// for that, at least half the width; both panels shrink in proportion when they must.
PanelRects arrange_panels(const visual::PanelLayout& layout, float width, float height, float top,
                          bool has_right);

// The timeline's height at this UI scale.
float bottom_panel_height(float ui_scale);

// Gives the timeline (r.bottom) extra_px more height when it shows more than its ruler (a
// shape's weight curve), taken from the bottom of the viewport, which keeps at least half its
// height.
void grow_bottom_panel(PanelRects& r, float extra_px);

// A vertical splitter: an invisible button of the full height at (x, y) that the user drags to
// change width_px (a panel's width in pixels, growing by dx times sign). Returns true while it
// is being dragged. The caller draws it after the panels so it gets the mouse first.
bool draw_vertical_splitter(const char* id, float x, float y, float height, float sign,
                            float& width_px);

// The UI scale that suits a screen, for when the user has not chosen one: the window system's
// content scale where it gives one (set by the desktop on Windows, macOS, Wayland, or X11's
// Xft.dpi), else the monitor's pixel density (monitor_width_px over monitor_width_mm) against
// the 96 dpi ImGui's font is drawn for. Rounded to quarter steps, from 1 to 3: a screen that
// reports no size, or an impossible one (under 50 or over 1000 dpi), gets 1.
float screen_ui_scale(float content_scale, int monitor_width_px, int monitor_width_mm);

// Applies ui_scale to ImGui's style and font (rebuilds the style from the dark theme, so scaling
// does not compound from frame to frame). Call when the scale changes, outside a frame.
void apply_ui_scale(float ui_scale);

}  // namespace ui
