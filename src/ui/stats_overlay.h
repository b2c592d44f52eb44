#pragma once
#include <optional>
#include <span>
#include <string>

#include "ui/view_settings.h"

namespace ui {

// The FPS / frame-time readout, its top-right corner at top_right (window pixels): the
// viewport's corner, so no panel covers it. extra_lines follow the timings (the foot-slide
// meter's, ui/foot_slide_readout.h). Without timings (a headless run's frames, which wall-clock
// times would make differ from one render of the same frames to the next) only extra_lines
// show, and nothing when there are none.
void draw_stats_overlay(const std::optional<FrameStats>& timings, float top_right_x,
                        float top_right_y, std::span<const std::string> extra_lines = {});

// The y of the readout's bottom edge (its timings and extra_lines lines), so windows placed
// below it do not cover it, whichever is drawn first.
float stats_overlay_bottom(float top_right_y, int extra_lines = 0);

// The controls cheat sheet (toggled with H).
void draw_help_window(ViewSettings& settings);

}  // namespace ui
