#pragma once
// The transition timeline under the state-machine view, like Unreal's Rewind Debugger: the
// recorded seconds (anim::StateHistory) left to right, a lane of which state or transition was
// active when, each state's weight as a band, each parameter's value as a curve. Its toolbar
// pauses (showing the recorded frame under the cursor), steps frame by frame, goes back to live,
// and sets the slow motion of the whole viewer (0.05x to 1x, the clip preview included). Clicking
// or dragging in the lanes pauses and scrubs; the mouse wheel zooms about the pointer, a right or
// middle drag pans, and while live the zoomed view follows the newest frame.

#include <span>
#include <string>
#include <utility>

#include "anim/state_history.h"

namespace ui {

// Which seconds of the record the lanes show: zoom 1 shows all of them; at zoom z, 1/z of them
// starting at start_fraction of the record.
struct TimelineZoom {
  float zoom = 1.0f;
  float start_fraction = 0.0f;
};

inline constexpr float kMinVisibleSeconds = 0.05f;  // the deepest zoom shows 50 ms

struct TransitionTimelineState {
  bool paused = false;  // the record stops and the viewer shows frame `shown`
  int shown = -1;       // the recorded frame shown while paused (index into the history)
  TimelineZoom view;
};

// The visible seconds [first, second] of a record spanning [t0, t1] under view.
std::pair<double, double> visible_seconds(const TimelineZoom& view, double t0, double t1);

// Zooms view by factor (> 1 zooms in) keeping the time under pointer_fraction (0 = the lanes'
// left edge, 1 = their right edge) where it is; zoom stays between 1 and what shows
// kMinVisibleSeconds of a record of span_s, and the view inside the record.
void zoom_about(TimelineZoom& view, float factor, float pointer_fraction, double span_s);

// Pans view by a fraction of the visible width (positive shows later seconds), inside the record.
void pan(TimelineZoom& view, float visible_fraction);

inline constexpr float kMinTimeScale = 0.05f;

// Draws the timeline into the rest of the current window. state_names and parameter_names
// label the lanes (by index, as the history records them). Edits state (pause, scrub, step)
// and time_scale (the toolbar's slow motion, kept in [kMinTimeScale, 1]).
void draw_transition_timeline(TransitionTimelineState& state, const anim::StateHistory& history,
                              std::span<const std::string> state_names,
                              std::span<const std::string> parameter_names, float& time_scale);

}  // namespace ui
