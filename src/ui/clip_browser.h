#pragma once
// The clip browser: every clip of every loaded file in one table (duration, frame count, source
// frame rate, whether it loops cleanly, whether it carries root motion), a search by name, and
// double-click to play. It reads plain rows, so it does not care how the viewer stores files.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/loop_seam.h"

namespace ui {

// What the browser shows about one clip. file_index and clip_index are the caller's own
// identifiers, handed back untouched when the row is chosen.
struct ClipRow {
  std::string file;  // the file's display name, e.g. "walk.fbx"
  std::string clip;  // the clip's name
  float duration_s = 0.0f;
  int frame_count = 0;
  float source_fps = 0.0f;
  bool loops_cleanly = false;
  float seam_position_m = 0.0f;  // first/last pose distance, see anim::ClipLoopReport
  float seam_rotation_deg = 0.0f;
  bool has_root_motion = false;
  float root_displacement_m = 0.0f;  // ground-plane travel over the clip
  float root_yaw_deg = 0.0f;         // turn about +Y over the clip
  int file_index = -1;
  int clip_index = -1;
};

// The row for clip of a file, from its loop report (anim::measure_clip_loop).
ClipRow make_clip_row(std::string file, int file_index, const anim::Clip& clip, int clip_index,
                      const anim::ClipLoopReport& report);

// Whether row matches a search: every whitespace-separated word of query appears, ignoring case,
// in the clip name or the file name. An empty query matches every row.
bool matches_search(const ClipRow& row, std::string_view query);

// What the browser remembers between frames.
struct ClipBrowserState {
  std::string search;
  std::optional<std::size_t> selected;  // index into rows of the highlighted row
  // Rows picked for "new blend space from selected clips": a click picks one, Ctrl+click adds or
  // removes a row (indices into rows, in the order picked).
  std::vector<std::size_t> picked;
  // Where the last draw put each row's name (screen pixels, centre; (0, 0) when not drawn or
  // scrolled out of view) and the search field, so scripts and tests can aim at a clip.
  std::vector<glm::vec2> row_centers;
  glm::vec2 search_center{0.0f};
};

// Applies a click on row to picked: with add (Ctrl held) toggles it, otherwise picks it alone.
void pick_clip_row(std::vector<std::size_t>& picked, std::size_t row, bool add);

// Draws the browser into the current ImGui window: a search field and a table of the rows that
// match it. Returns the index (into rows) of the row double-clicked this frame, if any.
std::optional<std::size_t> draw_clip_browser(std::span<const ClipRow> rows,
                                             ClipBrowserState& state);

// The Clips tab's buttons above the browser, greyed out unless enabled (a character is open:
// clips bind to its joints).
struct ClipFileButtons {
  bool add = false;        // "Add clip file..." was pressed
  bool retarget = false;   // "Retarget..." was pressed
  glm::vec2 add_at{0.0f};  // where each button is (window pixels, for scripted clicks)
  glm::vec2 retarget_at{0.0f};
};
ClipFileButtons draw_clip_file_buttons(bool enabled);

}  // namespace ui
