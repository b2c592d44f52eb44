#pragma once
#include "ui/view_settings.h"

namespace ui {

// The FPS / frame-time readout, its top-right corner at top_right (window pixels): the
// viewport's corner, so no panel covers it.
void draw_stats_overlay(const FrameStats& stats, float top_right_x, float top_right_y);

// The y of the readout's bottom edge (it has a fixed number of lines), so windows placed below
// it do not cover it, whichever is drawn first.
float stats_overlay_bottom(float top_right_y);

// The controls cheat sheet (toggled with H).
void draw_help_window(ViewSettings& settings);

}  // namespace ui
