#pragma once
#include "ui/view_settings.h"

namespace ui {

// The FPS / frame-time readout in the viewport's top-right corner.
void draw_stats_overlay(const FrameStats& stats);

// The controls cheat sheet (toggled with H).
void draw_help_window(ViewSettings& settings);

}  // namespace ui
