#pragma once
// The transition timeline under the state-machine view, like Unreal's Rewind Debugger: the
// recorded seconds (anim::StateHistory) left to right, a lane of which state or transition was
// active when, each state's weight as a band, each parameter's value as a curve. Its toolbar
// pauses (showing the recorded frame under the cursor), steps frame by frame, goes back to live,
// and sets the slow motion of the whole viewer (0.05x to 1x). Clicking or dragging in the lanes
// pauses and scrubs.

#include <span>
#include <string>

#include "anim/state_history.h"

namespace ui {

struct TransitionTimelineState {
  bool paused = false;  // the record stops and the viewer shows frame `shown`
  int shown = -1;       // the recorded frame shown while paused (index into the history)
};

inline constexpr float kMinTimeScale = 0.05f;

// Draws the timeline into the rest of the current window. state_names and parameter_names
// label the lanes (by index, as the history records them). Edits state (pause, scrub, step)
// and time_scale (the toolbar's slow motion, kept in [kMinTimeScale, 1]).
void draw_transition_timeline(TransitionTimelineState& state, const anim::StateHistory& history,
                              std::span<const std::string> state_names,
                              std::span<const std::string> parameter_names, float& time_scale);

}  // namespace ui
