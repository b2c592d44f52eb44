#pragma once
// The timeline under the viewport between frames: its drags and menus, and the times of the
// previewed clip it shows and jumps to.

#include "ui/timeline.h"

namespace ui {

struct TimelinePanelState {
  TimelineState state;
  // Of the previewed clip: its keys (the ruler's ticks) and its markers and keys (where Up/Down
  // jump); gathered again when another clip is previewed or its markers are edited.
  TimelineTimes times;
};

}  // namespace ui
