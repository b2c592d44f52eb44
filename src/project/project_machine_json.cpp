#include "project/project_machine_json.h"

#include <utility>

namespace project::project_json {
namespace {

int parameter_index(const Names& names, const std::string& name, const std::string& path) {
  const int index = names.parameters.find(name);
  if (index < 0) fail(path, "unknown parameter '" + name + "'");
  return index;
}

// A sub-machine still to read: its JSON, its path in the file, where it goes and how deep.
struct PendingMachine {
  const json* j;
  std::string path;
  anim::StateMachine* out;
  int depth;
};

anim::State read_state(const json& j, const std::string& path, const Names& names,
                       anim::StateMachine& owner, std::vector<PendingMachine>& nested, int depth) {
  ObjectReader r(j, path);
  anim::State s;
  s.name = r.string("name");
  if (s.name.empty()) fail(r.field("name"), "must not be empty");
  s.speed = r.number("speed", 1.0f);
  s.loop = r.boolean("loop", true);
  s.sync_group = r.string("sync_group", "");
  if (r.has("speed_parameter")) {
    s.speed_parameter =
        parameter_index(names, r.string("speed_parameter"), r.field("speed_parameter"));
  }
  if (r.has("position")) {
    owner.editor_positions.resize(owner.states.size() + 1);  // this state is appended next
    owner.editor_positions.back() = r.vec<2>("position", glm::vec2(0.0f));
  }
  const int kinds = r.has("clip") + r.has("blend_space") + r.has("state_machine");
  if (kinds != 1) fail(path, "needs exactly one of 'clip', 'blend_space' or 'state_machine'");
  if (r.has("clip")) {
    const std::string clip = r.string("clip");
    s.kind = anim::StateKind::Clip;
    s.index = index_of(names.clips, clip);
    if (s.index < 0) fail(r.field("clip"), "'" + clip + "' is not in the project's clips");
  } else if (r.has("blend_space")) {
    const std::string space = r.string("blend_space");
    s.kind = anim::StateKind::BlendSpace;
    s.index = index_of(names.blend_spaces, space);
    if (s.index < 0) fail(r.field("blend_space"), "unknown blend space '" + space + "'");
  } else {
    s.kind = anim::StateKind::StateMachine;
    s.index = static_cast<int>(owner.sub_machines.size());
    owner.sub_machines.emplace_back();
    nested.push_back({&r.required("state_machine"), r.field("state_machine"), nullptr, depth + 1});
  }
  r.finish();
  return s;
}

anim::Condition read_condition(const json& j, const std::string& path, const Names& names) {
  ObjectReader r(j, path);
  anim::Condition c;
  c.parameter = parameter_index(names, r.string("parameter"), r.field("parameter"));
  c.op = read_enum(r, "op", anim::ConditionOp::True, anim::parse_condition_op,
                   "greater, less, equals, true, false, trigger");
  const bool compares = c.op == anim::ConditionOp::Greater || c.op == anim::ConditionOp::Less ||
                        c.op == anim::ConditionOp::Equals;
  if (compares) c.threshold = r.number("value");
  r.finish();
  return c;
}

anim::Transition read_transition(const json& j, const std::string& path,
                                 const std::vector<std::string>& states, const Names& names) {
  ObjectReader r(j, path);
  anim::Transition t;
  const std::string from = r.string("from");
  if (from == "any") {
    t.source = anim::kAnyState;
  } else {
    t.source = index_of(states, from);
    if (t.source < 0) fail(r.field("from"), "unknown state '" + from + "'");
  }
  const std::string to = r.string("to");
  t.target = index_of(states, to);
  if (t.target < 0) fail(r.field("to"), "unknown state '" + to + "'");
  const json& conditions = r.array("conditions");
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    t.conditions.push_back(read_condition(conditions[i], element(r.field("conditions"), i), names));
  }
  t.has_exit_time = r.has("exit_time");
  t.exit_time = r.number("exit_time", 1.0f);
  if (t.exit_time < 0.0f) fail(r.field("exit_time"), "must be >= 0");
  t.duration = r.number("duration", 0.25f);
  if (t.duration < 0.0f) fail(r.field("duration"), "must be >= 0");
  t.duration_unit = read_enum(r, "duration_unit", anim::DurationUnit::Seconds,
                              anim::parse_duration_unit, "seconds, normalized");
  t.offset = r.number("offset", 0.0f);
  t.priority = r.integer("priority", 0);
  t.interruption = read_enum(r, "interruption", anim::Interruption::None, anim::parse_interruption,
                             "none, source, target");
  t.blend =
      read_enum(r, "blend", anim::TransitionBlend::CrossfadeSmooth, anim::parse_transition_blend,
                "crossfade_smooth, crossfade_frozen, inertialization");
  t.ease = read_enum(r, "ease", anim::Ease::Linear, anim::parse_ease, "linear, smoothstep, bezier");
  t.pose_matched_entry = r.boolean("pose_match", false);
  t.allow_self = r.boolean("allow_self", false);
  if (!t.has_exit_time && t.conditions.empty()) {
    fail(path, "needs a condition or an exit time, or it would fire every frame");
  }
  r.finish();
  return t;
}

// Reads one machine's own fields; its sub-machines are appended to nested, to read later.
void read_machine_level(const json& j, const std::string& path, const Names& names, int depth,
                        anim::StateMachine& m, std::vector<PendingMachine>& nested) {
  ObjectReader r(j, path);
  m.name = r.string("name", "");
  const json& states = r.array("states", true);
  if (states.empty()) {
    // Only the top level may be empty: a project that just previews clips (a model opened
    // directly and saved) has no machine.
    if (depth > 1) fail(r.field("states"), "a state machine needs at least one state");
    if (!r.string("entry", "").empty()) fail(r.field("entry"), "a machine without states");
    if (!r.array("transitions").empty()) fail(r.field("transitions"), "a machine without states");
    r.finish();
    return;
  }
  std::vector<std::string> state_names;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const std::string at = element(r.field("states"), i);
    m.states.push_back(read_state(states[i], at, names, m, nested, depth));
    if (index_of(state_names, m.states.back().name) >= 0) {
      fail(at + ".name", "duplicate state name '" + m.states.back().name + "'");
    }
    state_names.push_back(m.states.back().name);
  }
  const std::string entry = r.string("entry", state_names.front());
  m.entry_state = index_of(state_names, entry);
  if (m.entry_state < 0) fail(r.field("entry"), "unknown state '" + entry + "'");
  const json& transitions = r.array("transitions");
  for (std::size_t i = 0; i < transitions.size(); ++i) {
    m.transitions.push_back(
        read_transition(transitions[i], element(r.field("transitions"), i), state_names, names));
  }
  r.finish();
  // m.sub_machines is complete now, so pointers into it stay valid.
  for (std::size_t k = 0; k < nested.size(); ++k) nested[k].out = &m.sub_machines[k];
}

}  // namespace

json machine_to_json(const anim::StateMachine& m, const Project& p) {
  std::vector<std::string> state_names;
  for (const anim::State& s : m.states) state_names.push_back(s.name);
  std::vector<std::string> parameter_names;
  for (const anim::Parameter& param : p.parameters.all()) parameter_names.push_back(param.name);
  std::vector<std::string> blend_space_names;
  for (const ProjectBlendSpace& b : p.blend_spaces) blend_space_names.push_back(b.name);

  json states = json::array();
  for (std::size_t i = 0; i < m.states.size(); ++i) {
    const anim::State& s = m.states[i];
    json js = {{"name", s.name}, {"speed", s.speed}, {"loop", s.loop}};
    switch (s.kind) {
      case anim::StateKind::Clip:
        js["clip"] = name_at(p.clips, s.index);
        break;
      case anim::StateKind::BlendSpace:
        js["blend_space"] = name_at(blend_space_names, s.index);
        break;
      case anim::StateKind::StateMachine:
        js["state_machine"] = s.index >= 0 && s.index < static_cast<int>(m.sub_machines.size())
                                  ? machine_to_json(m.sub_machines[s.index], p)
                                  : json::object();
        break;
    }
    if (s.speed_parameter >= 0) js["speed_parameter"] = name_at(parameter_names, s.speed_parameter);
    if (!s.sync_group.empty()) js["sync_group"] = s.sync_group;
    if (i < m.editor_positions.size() && m.editor_positions[i]) {
      js["position"] = {m.editor_positions[i]->x, m.editor_positions[i]->y};
    }
    states.push_back(js);
  }
  json transitions = json::array();
  for (const anim::Transition& t : m.transitions) {
    json conditions = json::array();
    for (const anim::Condition& c : t.conditions) {
      json jc = {{"parameter", name_at(parameter_names, c.parameter)},
                 {"op", anim::to_string(c.op)}};
      if (c.op == anim::ConditionOp::Greater || c.op == anim::ConditionOp::Less ||
          c.op == anim::ConditionOp::Equals) {
        jc["value"] = c.threshold;
      }
      conditions.push_back(jc);
    }
    json jt = {{"from", t.source == anim::kAnyState ? "any" : name_at(state_names, t.source)},
               {"to", name_at(state_names, t.target)},
               {"conditions", conditions},
               {"duration", t.duration},
               {"duration_unit", anim::to_string(t.duration_unit)},
               {"offset", t.offset},
               {"priority", t.priority},
               {"interruption", anim::to_string(t.interruption)},
               {"blend", anim::to_string(t.blend)},
               {"ease", anim::to_string(t.ease)},
               {"pose_match", t.pose_matched_entry},
               {"allow_self", t.allow_self}};
    if (t.has_exit_time) jt["exit_time"] = t.exit_time;
    transitions.push_back(jt);
  }
  return {{"name", m.name},
          {"entry", name_at(state_names, m.entry_state)},
          {"states", states},
          {"transitions", transitions}};
}

// Iterative, so the file's nesting never decides the reader's stack depth; sub-machines are
// read depth-first, in file order.
anim::StateMachine read_machine(const json& j, const std::string& path, const Names& names) {
  anim::StateMachine top;
  std::vector<PendingMachine> stack{{&j, path, &top, 1}};
  while (!stack.empty()) {
    const PendingMachine next = std::move(stack.back());
    stack.pop_back();
    if (next.depth > kMaxMachineDepth) {
      fail(next.path,
           "state machines nest more than " + std::to_string(kMaxMachineDepth) + " levels deep");
    }
    std::vector<PendingMachine> nested;
    read_machine_level(*next.j, next.path, names, next.depth, *next.out, nested);
    for (auto it = nested.rbegin(); it != nested.rend(); ++it) stack.push_back(std::move(*it));
  }
  return top;
}

}  // namespace project::project_json
