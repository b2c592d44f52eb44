#pragma once
// The motion-matching window: the switch into the play mode, the feature weights and the clips
// the search may choose (debug), the current clip and frame with the cost of the best candidate
// and of the runner-up per feature group, a timeline of which clip played when, and the
// coverage view: a strip per clip coloured by how often its frames played this session, and the
// searches that matched poorly (what to capture or author next). Immediate mode: it reads the
// session and returns what the user changed.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/motion_matching_controller.h"
#include "anim/motion_matching_database.h"

namespace ui {

// One stretch of the session during which one clip played.
struct ClipSpan {
  int clip = -1;
  float from_s = 0.0f;
  float to_s = 0.0f;
};

// A search whose best cost was high: what the database lacks.
struct PoorMatch {
  float session_time_s = 0.0f;
  float cost = 0.0f;
  int clip = -1;                                                 // what was chosen anyway
  std::array<glm::vec2, anim::kTrajectoryPointCount> desired{};  // (x, z) in the character's frame
};

// What the user edits; the caller applies it when told.
struct MotionMatchingPanelState {
  bool active = false;
  anim::FeatureWeights weights;
  std::vector<std::uint8_t> clip_enabled;  // per clip
  // Per clip, set by the caller: why the default database leaves it out ("" where it takes it).
  std::vector<std::string> left_out_by_default;
  bool mirrored = false;  // the database also holds the clips mirrored
  float poor_match_cost = 8.0f;
  std::string error;                   // why the mode could not start
  const void* settings_for = nullptr;  // the caller's mark of the scene these settings are for
  bool showed_session = false;  // the window last showed a session (it refits when that changes)
  float width = 0.0f;           // the window's width, which a refit keeps
};

// The session, read-only.
struct MotionMatchingPanelView {
  const anim::MotionMatchingDatabase* database = nullptr;  // null while the mode is off
  std::span<const std::string> clip_names;
  const anim::MotionMatchingController* controller = nullptr;
  std::span<const std::uint32_t> coverage;  // per database frame
  std::span<const PoorMatch> poor_matches;
  std::span<const ClipSpan> history;
  float session_time_s = 0.0f;
};

struct MotionMatchingPanelChange {
  bool toggled = false;   // active changed: start or stop the mode
  bool weights = false;   // re-weight the database
  bool clips = false;     // clip_enabled changed
  bool mirrored = false;  // mirrored changed: rebuild the database
  bool any() const { return toggled || weights || clips || mirrored; }
};

// Where the window opens the first time and how big, in window pixels.
struct MotionMatchingPanelPlacement {
  glm::vec2 origin{0.0f};  // top-left corner
  glm::vec2 size{0.0f};    // a height of 0 fits the window's contents
};

// The first placement in a viewport whose top-left corner is at (viewport_x, viewport_y): at
// the viewport's left edge, below the stats overlay at its tallest (ui/stats_overlay.h; the
// meter's lines come and go), which takes the viewport's top-right corner, so that neither
// covers the other however narrow the viewport. The window keeps the middle of the viewport,
// where the framed character stands, clear: it is no wider than the viewport's left third (but
// wide enough for its first lines, and at most 25 font heights), and as tall as its contents.
// Needs a frame's font.
MotionMatchingPanelPlacement motion_matching_panel_placement(float viewport_x, float viewport_y,
                                                             float viewport_width);

// Draws the window, which opens where placed (motion_matching_panel_placement) and then stays
// where the user puts it.
MotionMatchingPanelChange draw_motion_matching_panel(MotionMatchingPanelState& state,
                                                     const MotionMatchingPanelView& view,
                                                     const MotionMatchingPanelPlacement& opens);

}  // namespace ui
