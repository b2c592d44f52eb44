#pragma once
// The Retarget panel (issue 21): for each clip file the project retargets onto its character,
// the mapping (target joint <- source joint, and why: role, spine, name or correction) with a
// combo per row to correct it, the target joints no source joint drives (fingers, twist joints,
// props: they keep their rest pose), the legs' and arms' chain modes, and per-chain alignment
// adjustments. Immediate mode: it edits the project's entry and says what changed; the viewer
// retargets the file's clips again (app/retarget_authoring.h).

#include <map>
#include <span>
#include <string>

#include <glm/glm.hpp>

#include "anim/retarget.h"
#include "asset/project_retarget.h"

namespace ui {

// Kept by the caller between frames.
struct RetargetPanelState {
  bool open = false;
  int entry = 0;              // the retargeted file shown (index into the project's entries)
  bool side_by_side = false;  // draw the source skeleton beside the character
  // Where the last frame drew its controls (window pixels; for scripted clicks in the window
  // tests): the Clips tab's "Add clip file..." and "Retarget..." buttons, the offer's Retarget
  // button, each visible mapping row's combo (by target joint), the open combo's "(none)" item,
  // the side-by-side checkbox. Zero where not drawn.
  glm::vec2 add_clip_button_at{0.0f};
  glm::vec2 open_button_at{0.0f};
  glm::vec2 offer_button_at{0.0f};
  std::map<std::string, glm::vec2> row_combo_at;
  glm::vec2 none_item_at{0.0f};
  glm::vec2 side_by_side_at{0.0f};
};

struct RetargetPanelChange {
  // The entry changed in a way that needs its clips retargeted again (a mapping, a mode, an
  // adjustment once its slider is released).
  bool retarget = false;
};

// Draws the panel as its own window. entries are the project's retargeted files (edited in
// place); map is the shown entry's map from its last retargeting (nullptr while there is none:
// the source is still loading or failed, see status); status is a line under the title (the
// last retargeting's time, or why it failed).
RetargetPanelChange draw_retarget_panel(std::span<asset::ProjectRetarget> entries,
                                        const anim::RetargetMap* map, const std::string& status,
                                        RetargetPanelState& state);

}  // namespace ui
