#include "project/project_machine_json.h"

#include <optional>
#include <string>
#include <vector>

#include "project/project_field_io.h"

namespace project::project_json {
namespace {

std::string parameter_name(const Project& p, int index) {
  const auto& all = p.parameters.all();
  return index >= 0 && index < static_cast<int>(all.size()) ? all[index].name : std::string();
}

std::string blend_space_name(const Project& p, int index) {
  return index >= 0 && index < static_cast<int>(p.blend_spaces.size()) ? p.blend_spaces[index].name
                                                                       : std::string();
}

int blend_space_index(const Project& p, const std::string& name) {
  for (std::size_t i = 0; i < p.blend_spaces.size(); ++i) {
    if (p.blend_spaces[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// A parameter the machine reads, by name (index -1: none; written only when there is one).
template <typename Io, typename Index>
void parameter_field(Io& io, const char* key, Index& index, const Project& p, bool required) {
  std::string name = parameter_name(p, index);
  if (required) {
    io.required_text(key, name);
  } else {
    io.text(key, name, Written::WhenNotEmpty);
  }
  if constexpr (Io::kReads) {
    if (!required && !io.has(key)) return;
    index = p.parameters.find(name);
  }
  io.check(index >= 0, key, "unknown parameter '" + name + "'");
}

// The machine a nested state plays: appended to owner when reading; owner's when writing (an
// empty one for an index out of range, which load then rejects).
anim::StateMachine& nested_machine(anim::StateMachine& owner, anim::State& s) {
  s.index = static_cast<int>(owner.sub_machines.size());
  return owner.sub_machines.emplace_back();
}
const anim::StateMachine& nested_machine(const anim::StateMachine& owner, const anim::State& s) {
  static const anim::StateMachine none;
  return s.index >= 0 && s.index < static_cast<int>(owner.sub_machines.size())
             ? owner.sub_machines[s.index]
             : none;
}

// What a state plays: exactly one of a clip, a blend space or a nested machine.
template <typename Io, typename Machine, typename State>
void played_fields(Io& io, State& s, Machine& owner, const Project& p, int depth) {
  if constexpr (Io::kReads) {
    const int kinds = io.has("clip") + io.has("blend_space") + io.has("state_machine");
    io.check_object(kinds == 1 ? ""
                               : "needs exactly one of 'clip', 'blend_space' or 'state_machine'");
    s.kind = io.has("clip")          ? anim::StateKind::Clip
             : io.has("blend_space") ? anim::StateKind::BlendSpace
                                     : anim::StateKind::StateMachine;
  }
  if (s.kind == anim::StateKind::Clip) {
    std::string clip = name_at(p.clips, s.index);
    io.required_text("clip", clip);
    if constexpr (Io::kReads) s.index = index_of(p.clips, clip);
    io.check(s.index >= 0, "clip", "'" + clip + "' is not in the project's clips");
  } else if (s.kind == anim::StateKind::BlendSpace) {
    std::string space = blend_space_name(p, s.index);
    io.required_text("blend_space", space);
    if constexpr (Io::kReads) s.index = blend_space_index(p, space);
    io.check(s.index >= 0, "blend_space", "unknown blend space '" + space + "'");
  } else {
    io.object("state_machine", nested_machine(owner, s),
              [&](auto& mio, auto& m) { machine_fields(mio, m, p, depth + 1); });
  }
}

// State `index` of owner (while reading, owner holds the states before it).
template <typename Io, typename Machine, typename State>
void state_fields(Io& io, State& s, Machine& owner, std::size_t index, const Project& p,
                  int depth) {
  io.required_text("name", s.name);
  io.check(!s.name.empty(), "name", "must not be empty");
  io.number("speed", s.speed);
  io.boolean("loop", s.loop);
  io.text("sync_group", s.sync_group, Written::WhenNotEmpty);
  parameter_field(io, "speed_parameter", s.speed_parameter, p, false);
  std::optional<glm::vec2> position;
  if (index < owner.editor_positions.size()) position = owner.editor_positions[index];
  io.optional_vec2("position", position);
  if constexpr (Io::kReads) {
    if (position) {
      owner.editor_positions.resize(index + 1);
      owner.editor_positions.back() = position;
    }
  }
  played_fields(io, s, owner, p, depth);
  if constexpr (Io::kReads) {
    for (std::size_t k = 0; k < index; ++k) {
      io.check(owner.states[k].name != s.name, "name", "duplicate state name '" + s.name + "'");
    }
  }
}

template <typename Io, typename Condition>
void condition_fields(Io& io, Condition& c, const Project& p) {
  parameter_field(io, "parameter", c.parameter, p, true);
  io.enumeration("op", c.op, anim::parse_condition_op, anim::to_string,
                 "greater, less, equals, true, false, trigger");
  if (c.op == anim::ConditionOp::Greater || c.op == anim::ConditionOp::Less ||
      c.op == anim::ConditionOp::Equals) {
    io.required_number("value", c.threshold);
  }
}

// A state of the machine by name (states), or "any" for an any-state transition's source.
template <typename Io, typename Index>
void state_reference(Io& io, const char* key, Index& index, const std::vector<std::string>& states,
                     bool any_allowed) {
  std::string name =
      any_allowed && index == anim::kAnyState ? std::string("any") : name_at(states, index);
  io.required_text(key, name);
  const bool any = any_allowed && name == "any";
  if constexpr (Io::kReads) index = any ? anim::kAnyState : index_of(states, name);
  io.check(any || index_of(states, name) >= 0, key, "unknown state '" + name + "'");
}

template <typename Io, typename Transition>
void transition_fields(Io& io, Transition& t, const std::vector<std::string>& states,
                       const Project& p) {
  state_reference(io, "from", t.source, states, true);
  state_reference(io, "to", t.target, states, false);
  io.list("conditions", t.conditions, [&](auto& cio, auto& c) { condition_fields(cio, c, p); });
  io.optional_number("exit_time", t.exit_time, t.has_exit_time);
  io.check(t.exit_time >= 0.0f, "exit_time", "must be >= 0");
  io.number("duration", t.duration);
  io.check(t.duration >= 0.0f, "duration", "must be >= 0");
  io.enumeration("duration_unit", t.duration_unit, anim::parse_duration_unit, anim::to_string,
                 "seconds, normalized");
  io.number("offset", t.offset);
  io.integer("priority", t.priority);
  io.enumeration("interruption", t.interruption, anim::parse_interruption, anim::to_string,
                 "none, source, target");
  io.enumeration("blend", t.blend, anim::parse_transition_blend, anim::to_string,
                 "crossfade_smooth, crossfade_frozen, inertialization");
  io.enumeration("ease", t.ease, anim::parse_ease, anim::to_string, "linear, smoothstep, bezier");
  io.boolean("pose_match", t.pose_matched_entry);
  io.boolean("allow_self", t.allow_self);
  if constexpr (Io::kReads) {
    io.check_object(!t.has_exit_time && t.conditions.empty()
                        ? "needs a condition or an exit time, or it would fire every frame"
                        : "");
  }
}

}  // namespace

template <typename Io, typename Machine>
void machine_fields(Io& io, Machine& m, const Project& p, int depth) {
  if constexpr (Io::kReads) {
    io.check_object(depth > kMaxMachineDepth ? "state machines nest more than " +
                                                   std::to_string(kMaxMachineDepth) + " levels deep"
                                             : "");
  }
  io.text("name", m.name);
  std::size_t index = 0;
  io.required_list("states", m.states,
                   [&](auto& sio, auto& s) { state_fields(sio, s, m, index++, p, depth); });
  std::vector<std::string> state_names;
  for (const anim::State& s : m.states) state_names.push_back(s.name);
  std::string entry = name_at(state_names, m.entry_state);
  io.text("entry", entry);
  if (m.states.empty()) {
    // Only the top level may be empty: a project that just previews clips (a model opened
    // directly and saved) has no machine.
    io.check(depth == 1, "states", "a state machine needs at least one state");
    io.check(entry.empty(), "entry", "a machine without states");
  } else {
    if constexpr (Io::kReads) m.entry_state = index_of(state_names, entry);
    io.check(m.entry_state >= 0, "entry", "unknown state '" + entry + "'");
  }
  io.list("transitions", m.transitions,
          [&](auto& tio, auto& t) { transition_fields(tio, t, state_names, p); });
}

template void machine_fields(FieldReader&, anim::StateMachine&, const Project&, int);
template void machine_fields(FieldWriter&, const anim::StateMachine&, const Project&, int);

}  // namespace project::project_json
