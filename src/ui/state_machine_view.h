#pragma once
// The state-machine panel: the machine's states as boxes and its transitions as arrows in a
// layered layout, the active state and the running transition highlighted with their progress,
// the parameters beside it (sliders, checkboxes, trigger buttons), the last transitions taken,
// and an editor for adding and removing states and transitions and setting their properties.
// Immediate mode: it reads the machine, the parameters and the player, and writes back edits.

#include <span>
#include <string>
#include <vector>

#include <imgui.h>

#include "anim/parameters.h"
#include "anim/state_machine.h"
#include "ui/state_graph.h"

namespace ui {

// selected_state's value when no state is selected (-1 is anim::kAnyState, the "any state" box).
inline constexpr int kNothingSelected = -2;

// What the panel remembers between frames, and what it showed last (for the caller's status
// line and for tests).
struct StateMachineViewState {
  // Nested machines entered by double-clicking a nested state: state indices from the top.
  std::vector<int> path;
  int selected_state = kNothingSelected;  // in the machine shown
  int selected_transition = -1;           // in the machine shown
  int new_transition_target = 0;
  char new_state_name[64] = "state";
  // A drag from a state's connector dot (or from Any State) toward another box, which makes a
  // transition on release over it.
  int connect_from = kNothingSelected;
  bool connect_dragged = false;
  // A drag of a state's box, which moves it (one edit per frame of the drag; the caller's undo
  // history makes the whole drag one step). move_grab: the mouse's offset from the box's corner.
  int moving_state = kNothingSelected;
  ImVec2 move_grab{0.0f, 0.0f};

  // Set by every draw: the shown machine's active state, its running transition (-1 when none)
  // and that transition's progress, and where each parameter's control was drawn (screen space),
  // so a caller or a test can point at it.
  int shown_active_state = -1;
  int shown_transition = -1;
  float shown_progress = 0.0f;
  std::vector<ScreenRect> parameter_controls;
  std::vector<ScreenRect> state_boxes;  // per state of the machine shown
  std::vector<ScreenRect> state_ports;  // per state: the connector dot transitions start from
  ScreenRect any_state_box;
  ScreenRect add_clip_state_button;   // "+ clip state" (zero size when not drawn)
  ScreenRect add_blend_state_button;  // "+ blend-space state"
  ScreenRect loop_checkbox;           // the selected state's "loop"
  ScreenRect sync_group_field;        // the selected state's "sync group"
};

// The names the editor offers for a state's clip or blend space (indices as the states use).
// picked_clip and shown_blend_space (or -1) are what the "+ clip state" and "+ blend-space
// state" buttons add a state playing: the clip picked in the clip browser, the space the blend
// space tab shows.
struct StateMachineViewSources {
  std::span<const std::string> clip_names;
  std::span<const std::string> blend_space_names;
  int picked_clip = -1;
  int shown_blend_space = -1;
};

// Draws the panel into the current ImGui window. Returns true when the machine definition was
// edited: the caller must then validate it and re-init the player (parameter values changed by
// the controls do not count: the player reads them on its next update).
bool draw_state_machine_view(StateMachineViewState& state, anim::StateMachine& machine,
                             anim::Parameters& parameters, const anim::StateMachinePlayer& player,
                             const StateMachineViewSources& sources);

// One line describing a transition, e.g. "idle -> walk: speed > 0.5, 0.25 s, crossfade_smooth".
std::string describe_transition(const anim::StateMachine& machine, const anim::Transition& t,
                                const anim::Parameters& parameters);

// One line with the phase (normalized time in its cycle) of each state the player plays, and,
// inside a sync group, who leads and whether the follower matches by foot markers or falls back
// to normalized time, e.g. "walk 0.31 leads, run 0.21 follows by foot markers". Empty without
// an active state.
std::string describe_phases(const anim::StateMachine& machine,
                            const anim::StateMachinePlayer& player);

}  // namespace ui
