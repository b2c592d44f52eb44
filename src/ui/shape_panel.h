#pragma once
// The Character panel's Shapes section: each mesh's morph targets (blend shapes) with their live
// weights as bars, a slider per shape that pins its weight while it is held (as Blender's shape
// keys), and a filter field for long lists (a 52-shape face); a click on a shape's bar selects
// it, for the timeline to draw its weight curve (ui/shape_curve.h). Immediate mode: it shows the
// weights it is given and returns what the user did; the caller pins and unpins
// (anim::CharacterInstance::pin_morph_weight).

#include <span>
#include <string>
#include <string_view>

#include "anim/morph_weights.h"

namespace ui {

struct ShapePanelState {
  char filter[64] = "";
  // The selected shape, by name rather than index, so that it stays selected across a clip
  // change and a reload of a file that still has it. Empty: none.
  std::string selected_node;
  std::string selected_target;
};

// The index in channels of the selected shape, or -1 when none is selected or channels lack it.
int selected_shape_channel(const ShapePanelState& state,
                           std::span<const anim::MorphChannel> channels);

// What the user did with a shape's slider this frame: channel >= 0 when one was dragged (pin it
// at weight) or let go (released: unpin it).
struct ShapePanelChange {
  int channel = -1;
  float weight = 0.0f;
  bool released = false;
};

// Whether target_name is shown for filter: a case-insensitive substring; an empty filter shows
// every shape.
bool shape_matches_filter(std::string_view target_name, std::string_view filter);

// Draws the section (nothing when channels is empty): per node, its shapes that pass the filter,
// each a bar of its weight (weights, one per channel; the selected shape's outlined; a click
// selects it, another click unselects it) and a slider in [0, 1].
ShapePanelChange draw_shape_panel(std::span<const anim::MorphChannel> channels,
                                  std::span<const float> weights, ShapePanelState& state);

}  // namespace ui
