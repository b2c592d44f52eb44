#pragma once
// State machine: states that play a clip, a blend space or a nested machine, and transitions
// between them driven by parameters and exit times. The definition (StateMachine) is plain data
// that the project file stores and the editor changes; StateMachinePlayer is the runtime
// instance of one character. The player does not touch poses: each update it produces a list of
// weighted sources (a clip and its time, or a blend space and its normalized time) plus the
// transition's progress; the pose evaluation samples and blends those sources, and starts an
// Inertializer when the player reports an inertialized switch.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "anim/parameters.h"
#include "anim/pose_matching.h"
#include "anim/sync_group.h"

namespace anim {

// A transition source that matches whatever state is active ("any state").
inline constexpr int kAnyState = -1;

enum class StateKind { Clip, BlendSpace, StateMachine };

// A state plays one thing. index is a clip index, a blend-space index, or an index into the
// owning machine's sub_machines. Its normalized time advances by speed / length per second,
// where speed is `speed` times the value of speed_parameter (when it is not -1). States naming
// the same sync_group (empty: none) play in step across transitions (anim/sync_group.h).
struct State {
  std::string name;
  StateKind kind = StateKind::Clip;
  int index = 0;
  float speed = 1.0f;
  bool loop = true;
  int speed_parameter = -1;
  std::string sync_group = {};
};

// greater/less/equals compare the parameter's value with threshold; true/false test a bool (or
// any parameter against zero); trigger tests a set trigger, which the firing transition consumes.
enum class ConditionOp { Greater, Less, Equals, True, False, Trigger };

struct Condition {
  int parameter = -1;
  ConditionOp op = ConditionOp::True;
  float threshold = 0.0f;
};

enum class DurationUnit { Seconds, Normalized };

// Which transitions may interrupt a running crossfade: none, those leaving the transition's
// source state, or those leaving its target. An interruption freezes the current blend (every
// contributing source stops its clock) and crossfades from that frozen blend to the new target.
enum class Interruption { None, Source, Target };

// Crossfade smooth: source and target both play while their weights cross. Crossfade frozen: the
// source's clock stops at the switch. Inertialization: the target takes over at once and the pose
// evaluation decays the difference (see anim/inertialization.h); the source is not evaluated.
enum class TransitionBlend { CrossfadeSmooth, CrossfadeFrozen, Inertialization };

// The curve from transition progress (0..1) to the target's crossfade weight.
enum class Ease { Linear, Smoothstep, Bezier };

// A transition fires when all its conditions hold and, if has_exit_time, the source has reached
// exit_time (normalized: 0.75 = three quarters through). In a looping source an exit time below
// one is reached once per loop, when the normalized time crosses it; otherwise it is reached
// once the normalized time is at or past it. A transition without exit time needs at least one
// condition. duration is seconds, or (Normalized) a fraction of the source state's length.
// offset is the target's normalized start time; pose_matched_entry instead starts a clip target
// at the frame most like the current frame of a clip source (when a table exists for the pair).
// A target in the sync group of the state it leaves enters at that state's marker phase instead,
// searching forward from offset (anim/sync_group.h).
// Lower priority values are tried first; ties keep list order; any-state transitions are tried
// before the active state's own. An any-state transition never re-enters the active state unless
// allow_self.
struct Transition {
  int source = kAnyState;
  int target = 0;
  std::vector<Condition> conditions;
  bool has_exit_time = false;
  float exit_time = 1.0f;
  float duration = 0.25f;
  DurationUnit duration_unit = DurationUnit::Seconds;
  float offset = 0.0f;
  int priority = 0;
  Interruption interruption = Interruption::None;
  TransitionBlend blend = TransitionBlend::CrossfadeSmooth;
  Ease ease = Ease::Linear;
  bool pose_matched_entry = false;
  bool allow_self = false;
};

// One machine: its states, transitions and the machines its nested states play. The machine
// starts in entry_state.
struct StateMachine {
  std::string name;
  std::vector<State> states;
  std::vector<Transition> transitions;
  std::vector<StateMachine> sub_machines;
  int entry_state = 0;
  // Where the editor draws each state's box (canvas pixels, top-left corner), by state index,
  // for the states the user has moved; the others (empty, or past the end) take the editor's
  // automatic layout. The player ignores it.
  std::vector<std::optional<glm::vec2>> editor_positions;
};

// Checks every index and value of machine (and of its sub-machines) against the parameter set
// and the numbers of clips and blend spaces. Returns an empty string when valid, otherwise the
// cause naming the machine, state or transition.
std::string validate(const StateMachine& machine, const Parameters& parameters, int clip_count,
                     int blend_space_count);

// Removes a state for the editor: drops the transitions that start or end at it and its editor
// position, renumbers the later states in the remaining transitions, and moves the entry to state 0
// if it was removed (the sub-machine a nested state played stays, unused). Out of range: no-op.
void remove_state(StateMachine& machine, int state);

// Whether condition holds for the current parameter values.
bool condition_holds(const Condition& condition, const Parameters& parameters);

// Maps progress t in [0, 1] (clamped) to a weight in [0, 1]. Bezier is the CSS "ease-in-out"
// cubic Bezier with control points (0.42, 0) and (0.58, 1).
float ease(Ease curve, float t);

// The length in seconds of every clip and blend space, indexed as the states index them. A blend
// space's length changes with its weights (phase sync), so the caller passes it every update.
struct SourceDurations {
  std::span<const float> clip_s;
  std::span<const float> blend_space_s;
};

enum class SourceKind { Clip, BlendSpace };

// One thing to sample and its weight in the machine's output. normalized_time is wrapped into
// [0, 1) for looping states and clamped to [0, 1] otherwise; time_s is normalized_time times the
// source's length. The weights of a player's sources sum to one.
struct WeightedSource {
  SourceKind kind = SourceKind::Clip;
  int index = 0;
  float normalized_time = 0.0f;
  float time_s = 0.0f;
  float weight = 0.0f;
};

// The transition in progress, if any. progress is elapsed / duration in [0, 1]; weight is the
// eased weight of the target (1 throughout an inertialization, whose blend happens on poses).
struct TransitionStatus {
  bool running = false;
  int transition = -1;
  int from_state = -1;
  int to_state = -1;
  TransitionBlend blend = TransitionBlend::CrossfadeSmooth;
  float progress = 0.0f;
  float weight = 1.0f;
  float duration_s = 0.0f;
};

// A transition that fired, stamped with the player's clock (seconds since init or reset).
struct TransitionRecord {
  int transition = -1;
  int from_state = -1;
  int to_state = -1;
  bool interrupted_another = false;
  float time_s = 0.0f;
};

// The runtime instance of one StateMachine. init() allocates everything it will need; update()
// and the accessors never allocate.
class StateMachinePlayer {
 public:
  // Most sources one update can produce. When a deep chain of interruptions or nested machines
  // would produce more, the lightest are dropped and the rest renormalized.
  static constexpr int kMaxSources = 16;
  // How many of the last transitions history() keeps.
  static constexpr int kHistorySize = 8;

  // Binds to machine, which must pass validate() and outlive the player (re-init after editing
  // it). pose_matches, if not null, provides the tables for pose-matched entries, and sync, if
  // not null, the marker timelines of the states in sync groups (build_state_sync_markers for
  // this machine); both must also outlive the player. Without sync, groups are ignored. Enters
  // the entry state at normalized time 0.
  void init(const StateMachine& machine, const PoseMatchLibrary* pose_matches = nullptr,
            const StateSyncMarkers* sync = nullptr);

  // Back to the entry state at time 0, no transition, empty history.
  void reset();

  // Continues after the machine was edited (re-init). When previous played a machine of the
  // same shape and is in state, its whole running state carries on (phase, a transition under
  // way, nested machines); otherwise state starts at normalized time phase with no transition,
  // the history of previous kept when it is given. state must be valid.
  void resume(int state, float phase, const StateMachinePlayer* previous = nullptr);

  // Advances the active state (and a smooth crossfade's source) by dt_s times play_rate,
  // finishes a transition whose duration has passed, then fires at most one transition whose
  // conditions and exit time hold, consuming the triggers it uses. Finally rebuilds sources().
  // play_rate (stride warping's) speeds the states' clocks, so exit times and sync groups' marker
  // phases, which are points of the animation, come sooner; a transition's duration, as
  // Unreal's blend times, is seconds of dt_s (a Normalized one: of the source's authored length)
  // and so is the history's clock.
  void update(float dt_s, Parameters& parameters, const SourceDurations& durations,
              float play_rate = 1.0f);

  // What to sample and blend, weights summing to one. Empty until the first update.
  std::span<const WeightedSource> sources() const {
    return {run_.sources.data(), run_.source_count};
  }

  // The state the machine is in (a running transition's target).
  int active_state() const { return run_.current.state; }
  // The active state's normalized time, unwrapped (1.5 = half way through its second loop).
  float active_normalized_time() const { return run_.current.phase; }
  const TransitionStatus& transition() const { return run_.status; }
  // A smooth crossfade's source while it plays on (state -1 when frozen or when nothing runs),
  // and its unwrapped normalized time.
  int crossfade_source_state() const { return run_.previous.state; }
  float crossfade_source_normalized_time() const { return run_.previous.phase; }
  // The sync of the last update: a follower locked to its leader during a crossfade inside a
  // sync group, or the entry of a state of the group; empty (leader -1) otherwise.
  const SyncGroupStatus& sync_status() const { return run_.sync_status; }

  // True only after the update in which an inertialized transition fired: the pose evaluation
  // must then start its Inertializer from the last output poses, with blend time
  // inertialization_duration_s().
  bool inertialization_started() const { return run_.inertialization_started; }
  float inertialization_duration_s() const { return run_.inertialization_duration_s; }

  // The last transitions, most recent first (i = 0), at most kHistorySize.
  int history_count() const { return run_.history.count; }
  const TransitionRecord& history(int i) const;

  // The player of a nested state (for views that show the inner machine), or nullptr.
  const StateMachinePlayer* nested_player(int state) const;

  const StateMachine* machine() const { return machine_; }

 private:
  struct Slot {
    int state = -1;
    float phase = 0.0f;  // unwrapped normalized time
  };
  using SourceList = std::array<WeightedSource, kMaxSources>;

  float state_length_s(int state, const SourceDurations& durations) const;
  float state_speed(int state, const Parameters& parameters) const;
  // Moves slot's clock on by dt_s times play_rate (a nested machine's transitions by dt_s).
  void advance(Slot& slot, float dt_s, float play_rate, Parameters& parameters,
               const SourceDurations& durations);
  int choose_transition(float current_phase_before, const Parameters& parameters) const;
  bool can_fire(const Transition& t, const Slot& slot, float phase_before,
                const Parameters& parameters) const;
  void start(int transition, Parameters& parameters, const SourceDurations& durations);
  void enter(int state, float phase);
  void lock_follower();
  void collect(const Slot& slot, float weight, const SourceDurations& durations, SourceList& list,
               std::size_t& count) const;
  void rebuild_sources(const SourceDurations& durations);

  const StateMachine* machine_ = nullptr;
  const PoseMatchLibrary* pose_matches_ = nullptr;
  const StateSyncMarkers* sync_ = nullptr;
  // Transition indices by priority: any-state ones, then per state from order_begin_[state] to
  // order_begin_[state + 1].
  std::vector<int> any_order_;
  std::vector<int> order_;
  std::vector<int> order_begin_;
  std::vector<StateMachinePlayer> nested_;  // one per state; used by StateMachine states

  // The last transitions, stamped with the player's clock (seconds since init or reset).
  struct History {
    std::array<TransitionRecord, kHistorySize> records{};
    int count = 0;
    int head = 0;  // where the next record goes
    float clock_s = 0.0f;
  };
  // Everything that changes while the machine plays, apart from the nested players: one value,
  // so that reset() clears and resume() carries all of it, a field added later included.
  struct RunningState {
    Slot current;
    Slot previous;  // a smooth crossfade's live source (state -1 when none)
    SourceList frozen{};
    std::size_t frozen_count = 0;
    TransitionStatus status;
    SyncGroupStatus sync_status;
    float elapsed_s = 0.0f;
    Ease ease = Ease::Linear;
    Interruption interruption = Interruption::None;
    SourceList sources{};
    std::size_t source_count = 0;
    History history;
    bool inertialization_started = false;
    float inertialization_duration_s = 0.0f;
  };
  RunningState run_;
};

// Names used by the project file and the editor ("clip", "blend_space", ...); parse_* return
// false when text is none of them.
const char* to_string(StateKind kind);
const char* to_string(ConditionOp op);
const char* to_string(DurationUnit unit);
const char* to_string(Interruption interruption);
const char* to_string(TransitionBlend blend);
const char* to_string(Ease curve);
bool parse_condition_op(std::string_view text, ConditionOp& out);
bool parse_duration_unit(std::string_view text, DurationUnit& out);
bool parse_interruption(std::string_view text, Interruption& out);
bool parse_transition_blend(std::string_view text, TransitionBlend& out);
bool parse_ease(std::string_view text, Ease& out);

}  // namespace anim
