#pragma once
// The foot-slide plot under the timeline: a lane per foot over the meter's recent frames
// (anim/foot_slide_meter.h), its planted frames shaded and the slide speed of each drawn as a
// bar, full height at full_scale_mps, so a foot that slides stands out while it should be still.

#include <span>
#include <string>

#include "anim/foot_slide_meter.h"

namespace ui {

// The plot's height in pixels for feet lanes at the current font size.
float slide_plot_height(int feet);

// The bar's height in a lane of lane_px for speed_mps at full_scale_mps (clamped to the lane;
// 0 for a scale that is not positive).
float slide_bar_height(float speed_mps, float full_scale_mps, float lane_px);

// Draws the plot across the current window's width at the cursor (and moves the cursor past
// it): each lane labelled with its foot's label, the full scale written at the right. Nothing
// for a meter without feet.
void draw_slide_plot(const anim::FootSlideMeter& meter, std::span<const std::string> feet,
                     float full_scale_mps);

// The plot in a window of its own, width wide, its bottom-left corner at (x, bottom_y) (window
// pixels): along the timeline's top edge, so the timeline keeps its height. It takes no input,
// so the viewport under it still orbits.
void draw_slide_plot_window(const anim::FootSlideMeter& meter, std::span<const std::string> feet,
                            float full_scale_mps, float x, float bottom_y, float width);

// That window's height (0 without feet), for what else sits on the viewport's bottom edge.
float slide_plot_window_height(int feet);

}  // namespace ui
