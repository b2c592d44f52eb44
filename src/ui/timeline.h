#pragma once
// The timeline panel: a frame ruler at the clip's source frame rate with the playhead, markers
// and key ticks, scrubbing by dragging, and the transport controls; plus the timeline's keyboard
// shortcuts. Both edit an anim::PlaybackClock, the same clock the command line and tests drive.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.h"
#include "anim/playback.h"
#include "ui/shape_curve.h"

namespace ui {

// The clip times the timeline shows and jumps to, gathered once per clip (this allocates).
struct TimelineTimes {
  std::vector<double> keys;   // every key of every channel: the ticks under the ruler
  std::vector<double> jumps;  // markers and keys: where Up/Down (previous/next) stop
};
TimelineTimes timeline_times(const anim::Clip& clip);

// What the panel remembers between frames.
struct TimelineState {
  bool scrubbing = false;             // the ruler is being dragged
  bool playing_before_scrub = false;  // restored when the drag ends
  int dragged_marker = -1;            // a marker being dragged along the ruler
  float drag_start_x = 0.0f;
  double marker_drag_time_s = 0.0;
  int menu_marker = -1;  // the marker the right-click menu is about, or -1: add one
  double menu_time_s = 0.0;
  std::string new_marker_name = "event";
};

// A marker edit made on the ruler this frame, for the caller to apply to its project (markers
// are the project's: see project/clip_marker_edits.h). Dragging a marker's handle moves it (to
// whole frames, applied on release); a right-click on the ruler offers to add a marker (a foot
// sync marker or a named event) at the frame under the mouse, or to remove the marker there.
struct TimelineMarkerEdit {
  enum class Kind { None, Add, Move, Remove };
  Kind kind = Kind::None;
  int marker = -1;      // Move, Remove: an index into the clip's markers
  float time_s = 0.0f;  // Add, Move
  std::string name;     // Add
  explicit operator bool() const { return kind != Kind::None; }
};

// Draws the timeline into the current ImGui window (the caller places that window, e.g. along
// the bottom of the viewport): the ruler across the full width, then one row of controls
// (first, previous frame, play/pause, next frame, last; loop / once / ping-pong; reverse; speed;
// current frame and time). Dragging on the ruler pauses playback, puts the playhead on the frame
// under the mouse, and resumes playback on release if it was playing. With shape_curve, the
// selected shape's weight curve is drawn under the ruler, on the ruler's time axis. Returns the
// marker edit the user made, if any (see TimelineMarkerEdit).
TimelineMarkerEdit draw_timeline(anim::PlaybackClock& clock, const anim::Clip& clip,
                                 const TimelineTimes& times, TimelineState& state,
                                 const ShapeCurve* shape_curve = nullptr);

// The timeline's keys, read through ImGui (GLFW key codes, as the GLFW backend of ImGui 1.86
// stores them): Space play/pause; Left/Right (or ',' / '.') one frame back/forward, with Shift
// the first/last frame; Up/Down the previous/next marker or key in jump_times; H toggles
// show_cheat_sheet. Does nothing while ImGui wants the keyboard (a text field has focus), so
// typing a path or a search never moves the playhead. Returns whether a key was handled.
bool handle_timeline_keys(anim::PlaybackClock& clock, std::span<const double> jump_times,
                          bool& show_cheat_sheet);

// One key press (a GLFW key code) applied as above; returns whether the key is a timeline key.
// For callers that queue presses themselves, so a tap shorter than a frame is not lost.
bool apply_timeline_key(anim::PlaybackClock& clock, std::span<const double> jump_times, int key,
                        bool shift, bool& show_cheat_sheet);

// The cheat sheet listing the keys above, as a window closed with its close button or H.
void draw_timeline_cheat_sheet(bool& open);

// The frame step between ruler ticks (or labels): the smallest of 1, 2, 5, 10, 20, 50, ... that
// puts at least min_spacing_px between them at pixels_per_frame. At least 1.
int ruler_step(double pixels_per_frame, double min_spacing_px);

// The time of the frame nearest to mouse_x on a ruler that maps [0, duration] onto
// [left_px, left_px + width_px]; clamped to the clip. Scrubbing is frame-accurate: it always
// lands on a whole frame.
double scrub_time(float mouse_x, float left_px, float width_px, const anim::Timeline& timeline);

// Markers whose names mention a foot or a contact are drawn as foot contacts, the others as
// events (case-insensitive).
bool is_foot_contact_marker(std::string_view name);

}  // namespace ui
