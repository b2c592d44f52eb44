#pragma once
// The viewport's side-by-side comparison, its ImGui parts: a small toolbar to choose what the
// halves show, and a label on each half. What the labels say and where the halves are is the
// app's (app/compare_view.h); SceneRenderer draws the halves.

#include <array>
#include <span>
#include <string>

#include "anim/clip.h"
#include "ui/view_settings.h"

namespace ui {

// A small toolbar at (x, y) (window pixels from the top-left) while a comparison is on: the mode
// (Off leaves it), and in clip mode clip B among clips and the sync. width: the viewport's,
// which caps the combos' width.
void draw_compare_toolbar(ViewSettings& view, std::span<const anim::Clip> clips, float x, float y,
                          float width);

// Where a half's label goes: the half's bottom-left corner, window pixels from the top-left.
struct LabelCorner {
  float left = 0.0f;
  float bottom = 0.0f;
};

// Each label at its half's bottom-left corner, over the 3D view (ImGui's foreground list: it
// takes no mouse input, so camera navigation works in both halves).
void draw_compare_labels(const std::array<std::string, 2>& labels,
                         const std::array<LabelCorner, 2>& corners);

}  // namespace ui
