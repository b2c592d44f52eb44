#pragma once
// The colours the editors' plots share (the timeline, the joint and shape curves, the slide
// meter, the blend spaces), so panels drawn side by side read alike, and a colour at another
// opacity.

#include <imgui.h>

namespace ui {

constexpr ImU32 kPlotBackground = IM_COL32(28, 30, 36, 255);
constexpr ImU32 kTickColor = IM_COL32(120, 124, 134, 255);  // also what is not animated
constexpr ImU32 kLabelColor = IM_COL32(190, 194, 204, 255);
constexpr ImU32 kKeyColor = IM_COL32(230, 190, 80, 255);
constexpr ImU32 kPlayheadColor = IM_COL32(235, 70, 60, 255);

// colour with its alpha replaced (0 to 255).
constexpr ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

}  // namespace ui
