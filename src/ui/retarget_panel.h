#pragma once
// The Retarget panel (issue 21): for each clip file the project retargets onto its character,
// the mapping (target joint <- source joint, and why: role, spine, name or correction) with a
// combo per row to correct it, the target joints no source joint drives (fingers, twist joints,
// props: they keep their rest pose), the legs' and arms' chain modes, and per-chain alignment
// adjustments, and the Quality table: per chain of the clip shown, how far the retargeted motion
// strays from the source's (anim/retarget_report.h), figures past the limits marked, each
// chain's worst moment a button that seeks the timeline there. Immediate mode: it edits the
// project's entry and says what changed; the viewer retargets the file's clips again
// (app/retarget_authoring.h).

#include <map>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/retarget.h"
#include "anim/retarget_report.h"
#include "anim/retarget_report_text.h"
#include "project/project_retarget.h"

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
  // The Quality section's clip combo, and its open list's items by clip name.
  glm::vec2 clip_combo_at{0.0f};
  std::map<std::string, glm::vec2> clip_item_at;
  // The Quality tables as last drawn, their cells' texts: per chain (name, end error in cm and
  // per cent of leg, worst time) with where its worst-time button is, and per leg (name, planted
  // sole in cm and per cent of leg, slide and the source's slide per cent of leg, steps).
  std::vector<std::vector<std::string>> quality_rows;
  std::vector<std::vector<std::string>> feet_rows;
  std::vector<glm::vec2> worst_time_at;
  // How planted feet are kept (anim::describe_planted_feet), the feet table's title.
  anim::PlantedFeetText planted_feet;
};

// The Quality section's input: the report of one retargeted clip (made when the clip was
// retargeted, not per frame), or why there is none.
struct RetargetQuality {
  std::string clip;  // the character's name of the clip
  const anim::RetargetReport* report = nullptr;
  // The file's retargeted clips, by the character's names: with more than one, a combo picks
  // the clip to measure (RetargetPanelChange::show_clip).
  std::vector<std::string> clips;
};

struct RetargetPanelChange {
  // The entry changed in a way that needs its clips retargeted again (a mapping, a mode, an
  // adjustment once its slider is released).
  bool retarget = false;
  // A chain's worst moment was clicked: the quality clip's time to preview (negative: none).
  float seek_s = -1.0f;
  // Another of the file's clips was picked to measure: the caller shows it (empty: none).
  std::string show_clip;
};

// Draws the panel as its own window. entries are the project's retargeted files (edited in
// place); map is the shown entry's map from its last retargeting (nullptr while there is none:
// the source is still loading or failed, see status); status is a line under the title (the
// last retargeting's time, or why it failed); quality is the shown clip's report.
RetargetPanelChange draw_retarget_panel(std::span<project::ProjectRetarget> entries,
                                        const anim::RetargetMap* map, const std::string& status,
                                        const RetargetQuality& quality, RetargetPanelState& state);

}  // namespace ui
