#include "anim/state_machine.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace anim {

namespace {

// Whether a player's running state (its states, an ongoing transition by index, the nested
// machines' states) means the same in machine b as in machine a: the same states and transitions
// in the same order, down through the sub-machines. An edit that leaves the machine alone (a
// marker moved, a clip rebound) keeps its shape.
bool same_shape(const StateMachine& a, const StateMachine& b) {
  const auto same_state = [](const State& x, const State& y) {
    return x.name == y.name && x.kind == y.kind && x.index == y.index && x.loop == y.loop;
  };
  const auto same_transition = [](const Transition& x, const Transition& y) {
    return x.source == y.source && x.target == y.target && x.blend == y.blend &&
           x.duration == y.duration && x.duration_unit == y.duration_unit && x.ease == y.ease &&
           x.interruption == y.interruption;
  };
  return std::equal(a.states.begin(), a.states.end(), b.states.begin(), b.states.end(),
                    same_state) &&
         std::equal(a.transitions.begin(), a.transitions.end(), b.transitions.begin(),
                    b.transitions.end(), same_transition) &&
         std::equal(a.sub_machines.begin(), a.sub_machines.end(), b.sub_machines.begin(),
                    b.sub_machines.end(), same_shape);
}

// Lengths below this are treated as this, so a one-frame clip (duration 0) cannot divide by zero.
constexpr float kMinLengthS = 1e-3f;

std::string where(const StateMachine& m) {
  return "state machine '" + m.name + "'";
}

std::string validate_condition(const Condition& c, const Parameters& parameters) {
  if (c.parameter < 0 || c.parameter >= parameters.count()) {
    return "condition parameter " + std::to_string(c.parameter) + " does not exist";
  }
  const Parameter& p = parameters.at(c.parameter);
  if (c.op == ConditionOp::Trigger && p.type != ParameterType::Trigger) {
    return "condition 'trigger' on '" + p.name + "', which is not a trigger";
  }
  if (p.type == ParameterType::Trigger && c.op != ConditionOp::Trigger) {
    return "trigger '" + p.name + "' can only be tested with 'trigger'";
  }
  if (!std::isfinite(c.threshold)) return "condition on '" + p.name + "' has a non-finite value";
  return {};
}

// Position of a cubic Bezier coordinate with end points 0 and 1 and control values a, b.
float bezier(float a, float b, float s) {
  const float u = 1.0f - s;
  return 3.0f * u * u * s * a + 3.0f * u * s * s * b + s * s * s;
}

float wrap_phase(float phase, bool loop) {
  if (loop) return phase - std::floor(phase);
  return std::clamp(phase, 0.0f, 1.0f);
}

// Adds source to a bounded list. When full, the lightest entry gives way to a heavier newcomer.
void push_source(std::array<WeightedSource, StateMachinePlayer::kMaxSources>& list,
                 std::size_t& count, const WeightedSource& source) {
  if (source.weight <= 0.0f) return;
  if (count < list.size()) {
    list[count++] = source;
    return;
  }
  auto lightest = std::min_element(
      list.begin(), list.end(), [](const auto& a, const auto& b) { return a.weight < b.weight; });
  if (lightest->weight < source.weight) *lightest = source;
}

}  // namespace

std::string validate(const StateMachine& m, const Parameters& parameters, int clip_count,
                     int blend_space_count) {
  const int state_count = static_cast<int>(m.states.size());
  if (state_count == 0) return where(m) + " has no states";
  if (m.entry_state < 0 || m.entry_state >= state_count) {
    return where(m) + ": entry state " + std::to_string(m.entry_state) + " does not exist";
  }
  for (const State& s : m.states) {
    const std::string at = where(m) + ", state '" + s.name + "': ";
    if (s.name.empty()) return where(m) + " has a state with no name";
    int limit = 0;
    switch (s.kind) {
      case StateKind::Clip:
        limit = clip_count;
        break;
      case StateKind::BlendSpace:
        limit = blend_space_count;
        break;
      case StateKind::StateMachine:
        limit = static_cast<int>(m.sub_machines.size());
        break;
    }
    if (s.index < 0 || s.index >= limit) {
      return at + to_string(s.kind) + " index " + std::to_string(s.index) + " is out of range (" +
             std::to_string(limit) + " available)";
    }
    if (!std::isfinite(s.speed)) return at + "speed is not finite";
    if (s.speed_parameter < -1 || s.speed_parameter >= parameters.count()) {
      return at + "speed parameter " + std::to_string(s.speed_parameter) + " does not exist";
    }
  }
  for (std::size_t i = 0; i < m.transitions.size(); ++i) {
    const Transition& t = m.transitions[i];
    const std::string at = where(m) + ", transition " + std::to_string(i) + ": ";
    if (t.source != kAnyState && (t.source < 0 || t.source >= state_count)) {
      return at + "source state " + std::to_string(t.source) + " does not exist";
    }
    if (t.target < 0 || t.target >= state_count) {
      return at + "target state " + std::to_string(t.target) + " does not exist";
    }
    if (!t.has_exit_time && t.conditions.empty()) {
      return at + "needs a condition or an exit time, or it would fire every frame";
    }
    if (!(t.exit_time >= 0.0f) || !std::isfinite(t.exit_time)) {
      return at + "exit time must be a finite number >= 0";
    }
    if (!(t.duration >= 0.0f) || !std::isfinite(t.duration)) {
      return at + "duration must be a finite number >= 0";
    }
    if (!std::isfinite(t.offset)) return at + "offset is not finite";
    for (const Condition& c : t.conditions) {
      const std::string error = validate_condition(c, parameters);
      if (!error.empty()) return at + error;
    }
  }
  for (const StateMachine& sub : m.sub_machines) {
    const std::string error = validate(sub, parameters, clip_count, blend_space_count);
    if (!error.empty()) return where(m) + " > " + error;
  }
  return {};
}

void remove_state(StateMachine& m, int state) {
  if (state < 0 || state >= static_cast<int>(m.states.size())) return;
  m.states.erase(m.states.begin() + state);
  if (state < static_cast<int>(m.editor_positions.size())) {
    m.editor_positions.erase(m.editor_positions.begin() + state);
  }
  std::erase_if(m.transitions,
                [&](const Transition& t) { return t.source == state || t.target == state; });
  for (Transition& t : m.transitions) {
    if (t.source > state) --t.source;
    if (t.target > state) --t.target;
  }
  if (m.entry_state == state) {
    m.entry_state = 0;
  } else if (m.entry_state > state) {
    --m.entry_state;
  }
}

bool condition_holds(const Condition& c, const Parameters& parameters) {
  const float v = parameters.get(c.parameter);
  switch (c.op) {
    case ConditionOp::Greater:
      return v > c.threshold;
    case ConditionOp::Less:
      return v < c.threshold;
    case ConditionOp::Equals:
      return v == c.threshold;
    case ConditionOp::True:
    case ConditionOp::Trigger:
      return v != 0.0f;
    case ConditionOp::False:
      return v == 0.0f;
  }
  return false;
}

float ease(Ease curve, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  switch (curve) {
    case Ease::Linear:
      return t;
    case Ease::Smoothstep:
      return t * t * (3.0f - 2.0f * t);
    case Ease::Bezier: {
      // x(s) increases monotonically for these control points: bisect s so that x(s) = t.
      float lo = 0.0f, hi = 1.0f;
      for (int i = 0; i < 24; ++i) {
        const float mid = 0.5f * (lo + hi);
        (bezier(0.42f, 0.58f, mid) < t ? lo : hi) = mid;
      }
      return bezier(0.0f, 1.0f, 0.5f * (lo + hi));
    }
  }
  return t;
}

void StateMachinePlayer::init(const StateMachine& machine, const PoseMatchLibrary* pose_matches,
                              const StateSyncMarkers* sync) {
  machine_ = &machine;
  pose_matches_ = pose_matches;
  sync_ = sync;
  const int state_count = static_cast<int>(machine.states.size());
  const auto by_priority = [&](int a, int b) {
    return machine.transitions[a].priority < machine.transitions[b].priority;
  };
  any_order_.clear();
  order_.clear();
  order_begin_.assign(state_count + 1, 0);
  for (int i = 0; i < static_cast<int>(machine.transitions.size()); ++i) {
    if (machine.transitions[i].source == kAnyState) any_order_.push_back(i);
  }
  std::stable_sort(any_order_.begin(), any_order_.end(), by_priority);
  for (int s = 0; s < state_count; ++s) {
    order_begin_[s] = static_cast<int>(order_.size());
    for (int i = 0; i < static_cast<int>(machine.transitions.size()); ++i) {
      if (machine.transitions[i].source == s) order_.push_back(i);
    }
    std::stable_sort(order_.begin() + order_begin_[s], order_.end(), by_priority);
  }
  order_begin_[state_count] = static_cast<int>(order_.size());
  nested_.clear();
  nested_.resize(state_count);
  for (int s = 0; s < state_count; ++s) {
    const State& state = machine.states[s];
    if (state.kind == StateKind::StateMachine) {
      nested_[s].init(machine.sub_machines[state.index], pose_matches);
    }
  }
  reset();
}

void StateMachinePlayer::reset() {
  run_ = {};
  if (machine_ == nullptr || machine_->states.empty()) return;
  enter(machine_->entry_state, 0.0f);
}

void StateMachinePlayer::resume(int state, float phase, const StateMachinePlayer* previous) {
  // When previous played a machine of this one's shape and is in state, its whole running state
  // carries on (the phase, a transition under way, the nested machines'): an edit that left the
  // machine alone (a clip marker moved) must not drop a crossfade. Otherwise the state starts
  // afresh at phase, as declared.
  const auto carry = [](const auto& self, StateMachinePlayer& to,
                        const StateMachinePlayer& from) -> void {
    to.run_ = from.run_;
    for (std::size_t s = 0; s < to.nested_.size() && s < from.nested_.size(); ++s) {
      if (to.nested_[s].machine_ != nullptr) self(self, to.nested_[s], from.nested_[s]);
    }
  };
  if (previous != nullptr && previous != this && machine_ != nullptr &&
      previous->machine_ != nullptr && previous->run_.current.state == state &&
      same_shape(*machine_, *previous->machine_)) {
    carry(carry, *this, *previous);
    return;
  }
  reset();
  if (machine_ == nullptr || state < 0 || state >= static_cast<int>(machine_->states.size())) {
    return;
  }
  enter(state, phase);
  if (previous != nullptr) run_.history = previous->run_.history;
}

const TransitionRecord& StateMachinePlayer::history(int i) const {
  const int slot = (run_.history.head - 1 - i + 2 * kHistorySize) % kHistorySize;
  return run_.history.records[slot];
}

const StateMachinePlayer* StateMachinePlayer::nested_player(int state) const {
  if (machine_ == nullptr || state < 0 || state >= static_cast<int>(nested_.size())) return nullptr;
  if (machine_->states[state].kind != StateKind::StateMachine) return nullptr;
  return &nested_[state];
}

float StateMachinePlayer::state_length_s(int state, const SourceDurations& durations) const {
  const State& s = machine_->states[state];
  float length = 0.0f;
  switch (s.kind) {
    case StateKind::Clip:
      if (s.index < static_cast<int>(durations.clip_s.size())) length = durations.clip_s[s.index];
      break;
    case StateKind::BlendSpace:
      if (s.index < static_cast<int>(durations.blend_space_s.size())) {
        length = durations.blend_space_s[s.index];
      }
      break;
    case StateKind::StateMachine: {
      // A nested machine runs at the pace of its own active state.
      const StateMachinePlayer& inner = nested_[state];
      if (inner.run_.current.state >= 0)
        length = inner.state_length_s(inner.run_.current.state, durations);
      break;
    }
  }
  return std::isfinite(length) ? std::max(length, kMinLengthS) : kMinLengthS;
}

float StateMachinePlayer::state_speed(int state, const Parameters& parameters) const {
  const State& s = machine_->states[state];
  return s.speed_parameter >= 0 ? s.speed * parameters.get(s.speed_parameter) : s.speed;
}

void StateMachinePlayer::advance(Slot& slot, float dt_s, float play_rate, Parameters& parameters,
                                 const SourceDurations& durations) {
  const float speed = state_speed(slot.state, parameters);
  slot.phase += dt_s * play_rate * speed / state_length_s(slot.state, durations);
  if (machine_->states[slot.state].kind == StateKind::StateMachine) {
    StateMachinePlayer& inner = nested_[slot.state];
    inner.update(dt_s * speed, parameters, durations, play_rate);
    // An inner inertialized switch changes this machine's output pose too: pass it on.
    if (&slot == &run_.current && inner.inertialization_started()) {
      run_.inertialization_started = true;
      run_.inertialization_duration_s = inner.inertialization_duration_s();
    }
  }
}

bool StateMachinePlayer::can_fire(const Transition& t, const Slot& slot, float phase_before,
                                  const Parameters& parameters) const {
  if (t.has_exit_time) {
    const bool loop = machine_->states[slot.state].loop;
    const float e = t.exit_time;
    const bool reached = loop && e < 1.0f
                             ? std::floor(slot.phase - e) > std::floor(phase_before - e)
                             : slot.phase >= e;
    if (!reached) return false;
  }
  for (const Condition& c : t.conditions) {
    if (!condition_holds(c, parameters)) return false;
  }
  return true;
}

int StateMachinePlayer::choose_transition(float current_phase_before,
                                          const Parameters& parameters) const {
  const bool crossfading =
      run_.status.running && run_.status.blend != TransitionBlend::Inertialization;
  if (crossfading) {
    // Only the running transition's interruption source may cut in; its exit times are measured
    // on that state's own clock.
    const bool from_source = run_.interruption == Interruption::Source;
    if (run_.interruption == Interruption::None) return -1;
    if (from_source && run_.previous.state < 0) return -1;  // a frozen source has no clock
    const Slot& slot = from_source ? run_.previous : run_.current;
    const float before = from_source ? slot.phase : current_phase_before;
    const int state = from_source ? run_.status.from_state : run_.current.state;
    for (int k = order_begin_[state]; k < order_begin_[state + 1]; ++k) {
      const Transition& t = machine_->transitions[order_[k]];
      if (t.target == run_.current.state) continue;
      if (can_fire(t, slot, before, parameters)) return order_[k];
    }
    return -1;
  }
  for (int index : any_order_) {
    const Transition& t = machine_->transitions[index];
    if (t.target == run_.current.state && !t.allow_self) continue;
    if (can_fire(t, run_.current, current_phase_before, parameters)) return index;
  }
  for (int k = order_begin_[run_.current.state]; k < order_begin_[run_.current.state + 1]; ++k) {
    const Transition& t = machine_->transitions[order_[k]];
    if (can_fire(t, run_.current, current_phase_before, parameters)) return order_[k];
  }
  return -1;
}

void StateMachinePlayer::enter(int state, float phase) {
  run_.current = {state, phase};
  if (machine_->states[state].kind == StateKind::StateMachine) nested_[state].reset();
}

void StateMachinePlayer::start(int index, Parameters& parameters,
                               const SourceDurations& durations) {
  const Transition& t = machine_->transitions[index];
  for (const Condition& c : t.conditions) {
    if (c.op == ConditionOp::Trigger) parameters.consume_trigger(c.parameter);
  }
  const bool interrupting =
      run_.status.running && run_.status.blend != TransitionBlend::Inertialization;
  const int from = run_.current.state;
  const float from_length_s = state_length_s(from, durations);

  float entry_phase = t.offset;
  const State& source_state = machine_->states[from];
  const State& target_state = machine_->states[t.target];
  if (t.pose_matched_entry && pose_matches_ != nullptr && !interrupting &&
      source_state.kind == StateKind::Clip && target_state.kind == StateKind::Clip) {
    if (const PoseMatchTable* table = pose_matches_->find(source_state.index, target_state.index)) {
      const float source_time_s = wrap_phase(run_.current.phase, source_state.loop) * from_length_s;
      const float target_time_s = matched_target_time(*table, source_time_s, source_state.loop);
      entry_phase = target_time_s / state_length_s(t.target, durations);
    }
  }
  // The heavier of a running crossfade's live states leads the entry of a state of its group.
  const Slot& leader = interrupting && run_.previous.state >= 0 && run_.status.weight < 0.5f
                           ? run_.previous
                           : run_.current;
  if (const auto synced = sync_to_leader(*machine_, sync_, leader.state, leader.phase, t.target,
                                         t.offset, SyncSearch::Forward)) {
    entry_phase = synced->normalized_time;
    run_.sync_status = {leader.state, t.target, synced->by_markers};
  }

  run_.history.records[run_.history.head] = {index, from, t.target, interrupting,
                                             run_.history.clock_s};
  run_.history.head = (run_.history.head + 1) % kHistorySize;
  run_.history.count = std::min(run_.history.count + 1, kHistorySize);

  const float duration_s =
      t.duration_unit == DurationUnit::Seconds ? t.duration : t.duration * from_length_s;
  run_.previous = {};
  if (t.blend == TransitionBlend::Inertialization) {
    run_.frozen_count = 0;
    run_.inertialization_started = duration_s > 0.0f;
    run_.inertialization_duration_s = duration_s;
  } else if (interrupting || t.blend == TransitionBlend::CrossfadeFrozen || t.target == from ||
             source_state.kind == StateKind::StateMachine) {
    // The source stops: keep what it shows now. A nested source is frozen too, because its inner
    // player is reset if the target re-enters it and cannot keep two clocks.
    run_.frozen_count = run_.source_count;
    std::copy_n(run_.sources.begin(), run_.source_count, run_.frozen.begin());
  } else {
    run_.previous = run_.current;
    run_.frozen_count = 0;
  }
  enter(t.target, entry_phase);
  if (target_state.kind == StateKind::StateMachine) nested_[t.target].rebuild_sources(durations);

  run_.status = {};
  run_.status.running = duration_s > 0.0f;
  run_.status.transition = index;
  run_.status.from_state = from;
  run_.status.to_state = t.target;
  run_.status.blend = t.blend;
  run_.status.duration_s = duration_s;
  run_.status.progress = run_.status.running ? 0.0f : 1.0f;
  run_.status.weight =
      run_.status.running && t.blend != TransitionBlend::Inertialization ? 0.0f : 1.0f;
  run_.elapsed_s = 0.0f;
  run_.ease = t.ease;
  run_.interruption = t.interruption;
  if (!run_.status.running) {
    run_.previous = {};
    run_.frozen_count = 0;
  }
}

void StateMachinePlayer::lock_follower() {
  run_.sync_status = {};
  if (!run_.status.running || run_.previous.state < 0) return;
  const bool current_leads = run_.status.weight >= 0.5f;  // the heavier leads; ties keep the target
  const Slot& leader = current_leads ? run_.current : run_.previous;
  Slot& follower = current_leads ? run_.previous : run_.current;
  if (const auto synced = sync_to_leader(*machine_, sync_, leader.state, leader.phase,
                                         follower.state, follower.phase, SyncSearch::Nearest)) {
    follower.phase = move_to_phase(follower.phase, synced->normalized_time);
    run_.sync_status = {leader.state, follower.state, synced->by_markers};
  }
}

void StateMachinePlayer::collect(const Slot& slot, float weight, const SourceDurations& durations,
                                 SourceList& list, std::size_t& count) const {
  if (weight <= 0.0f) return;
  const State& s = machine_->states[slot.state];
  if (s.kind == StateKind::StateMachine) {
    for (const WeightedSource& inner : nested_[slot.state].sources()) {
      WeightedSource scaled = inner;
      scaled.weight *= weight;
      push_source(list, count, scaled);
    }
    return;
  }
  WeightedSource source;
  source.kind = s.kind == StateKind::Clip ? SourceKind::Clip : SourceKind::BlendSpace;
  source.index = s.index;
  source.normalized_time = wrap_phase(slot.phase, s.loop);
  source.time_s = source.normalized_time * state_length_s(slot.state, durations);
  source.weight = weight;
  push_source(list, count, source);
}

void StateMachinePlayer::rebuild_sources(const SourceDurations& durations) {
  const bool crossfading =
      run_.status.running && run_.status.blend != TransitionBlend::Inertialization;
  const float w = crossfading ? run_.status.weight : 1.0f;
  std::size_t count = 0;
  if (w < 1.0f) {
    if (run_.previous.state >= 0) {
      collect(run_.previous, 1.0f - w, durations, run_.sources, count);
    } else {
      for (std::size_t i = 0; i < run_.frozen_count; ++i) {
        WeightedSource f = run_.frozen[i];
        f.weight *= 1.0f - w;
        push_source(run_.sources, count, f);
      }
    }
  }
  collect(run_.current, w, durations, run_.sources, count);
  float total = 0.0f;
  for (std::size_t i = 0; i < count; ++i) total += run_.sources[i].weight;
  if (total > 0.0f) {
    for (std::size_t i = 0; i < count; ++i) run_.sources[i].weight /= total;
  }
  run_.source_count = count;
}

void StateMachinePlayer::update(float dt_s, Parameters& parameters,
                                const SourceDurations& durations, float play_rate) {
  if (machine_ == nullptr || run_.current.state < 0) return;
  run_.inertialization_started = false;
  run_.history.clock_s += dt_s;
  const float phase_before = run_.current.phase;
  advance(run_.current, dt_s, play_rate, parameters, durations);
  if (run_.status.running) {
    if (run_.previous.state >= 0) advance(run_.previous, dt_s, play_rate, parameters, durations);
    run_.elapsed_s += dt_s;
    run_.status.progress = std::min(run_.elapsed_s / run_.status.duration_s, 1.0f);
    if (run_.status.blend != TransitionBlend::Inertialization)
      run_.status.weight = ease(run_.ease, run_.status.progress);
    if (run_.elapsed_s >= run_.status.duration_s) {
      run_.status.running = false;
      run_.status.progress = 1.0f;
      run_.status.weight = 1.0f;
      run_.previous = {};
      run_.frozen_count = 0;
    }
  }
  lock_follower();
  rebuild_sources(durations);
  const int fired = choose_transition(phase_before, parameters);
  if (fired >= 0) {
    start(fired, parameters, durations);
    rebuild_sources(durations);
  }
}

}  // namespace anim
