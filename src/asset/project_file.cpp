#include "asset/project_file.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "asset/atomic_write.h"
#include "asset/fits_float.h"
#include "asset/project_post_process_json.h"
#include "asset/project_retarget_json.h"

namespace asset {

namespace {

using nlohmann::json;

// --- writing -----------------------------------------------------------------------------------

json vec_to_json(const glm::vec2& v) {
  return json::array({v.x, v.y});
}
json vec_to_json(const glm::vec3& v) {
  return json::array({v.x, v.y, v.z});
}

json axis_to_json(const anim::BlendAxis& axis) {
  return {{"name", axis.name}, {"min", axis.min}, {"max", axis.max}};
}

json blend_space_to_json(const ProjectBlendSpace& b) {
  json j = {{"name", b.name}, {"dimensions", b.dimensions}};
  json samples = json::array();
  if (b.dimensions == 1) {
    j["parameter"] = b.space_1d.parameter_name;
    j["min"] = b.space_1d.min;
    j["max"] = b.space_1d.max;
    for (const anim::BlendSample1D& s : b.space_1d.samples) {
      samples.push_back({{"clip", s.clip_name}, {"threshold", s.threshold}});
    }
  } else {
    j["mode"] = std::string(anim::to_string(b.space_2d.mode));
    j["x_axis"] = axis_to_json(b.space_2d.x_axis);
    j["y_axis"] = axis_to_json(b.space_2d.y_axis);
    j["x_parameter"] = b.x_parameter;
    j["y_parameter"] = b.y_parameter;
    for (const anim::BlendSample2D& s : b.space_2d.samples) {
      samples.push_back({{"clip", s.clip_name}, {"position", vec_to_json(s.position)}});
    }
  }
  j["samples"] = samples;
  return j;
}

// Names by index, for writing references; an index out of range writes an empty name, which
// load then rejects rather than guessing.
std::string name_at(const std::vector<std::string>& names, int index) {
  return index >= 0 && index < static_cast<int>(names.size()) ? names[index] : std::string();
}

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

// --- reading -----------------------------------------------------------------------------------

// What a project file may hold: more is refused with a message rather than read, because the
// runtime walks state machines recursively and a file is only ever written by a person or this
// program.
constexpr int kMaxJsonDepth = 64;
constexpr int kMaxMachineDepth = 16;
constexpr std::size_t kMaxListSize = 10000;
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

// A wrong field: where (a path like "layers[1].weight") and why.
struct FieldError {
  std::string path;
  std::string message;
};

[[noreturn]] void fail(const std::string& path, const std::string& message) {
  throw FieldError{path, message};
}

std::string type_name(const json& j) {
  return j.type_name();
}

float finite_float(const json& v, const std::string& where) {
  if (!v.is_number()) fail(where, "expected a number, found " + type_name(v));
  const double d = v.get<double>();
  if (!fits_float(d)) fail(where, "number out of range");
  return static_cast<float>(d);
}

// Reads one JSON object at a path: typed getters that name the field on error, and a check that
// every key was understood, so a misspelt field is reported instead of silently ignored.
// The object being read, for errors that do not come with a field path (nlohmann's own).
thread_local std::string last_object_path;

class ObjectReader {
 public:
  ObjectReader(const json& j, std::string path) : j_(j), path_(std::move(path)) {
    last_object_path = path_;
    if (!j.is_object()) fail(path_, "expected an object, found " + type_name(j));
  }
  ObjectReader(const ObjectReader&) = delete;

  std::string field(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }
  bool has(const char* key) const { return j_.contains(key); }

  const json* find(const char* key) {
    used_.insert(key);
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  const json& required(const char* key) {
    const json* v = find(key);
    if (v == nullptr) fail(field(key), "missing");
    return *v;
  }

  std::string string(const char* key, std::optional<std::string> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    if (!v->is_string()) fail(field(key), "expected a string, found " + type_name(*v));
    return v->get<std::string>();
  }
  float number(const char* key, std::optional<float> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    return finite_float(*v, field(key));
  }
  int integer(const char* key, std::optional<int> fallback = std::nullopt) {
    const json* v = fallback ? find(key) : &required(key);
    if (v == nullptr) return *fallback;
    if (!v->is_number_integer()) fail(field(key), "expected an integer, found " + type_name(*v));
    const auto i = v->get<long long>();
    if (i < -1000000 || i > 1000000) fail(field(key), "integer out of range");
    return static_cast<int>(i);
  }
  bool boolean(const char* key, bool fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) fail(field(key), "expected true or false, found " + type_name(*v));
    return v->get<bool>();
  }
  const json& array(const char* key, bool is_required = false) {
    static const json empty = json::array();
    const json* v = is_required ? &required(key) : find(key);
    if (v == nullptr) return empty;
    if (!v->is_array()) fail(field(key), "expected an array, found " + type_name(*v));
    if (v->size() > kMaxListSize) {
      fail(field(key), "has " + std::to_string(v->size()) +
                           " entries; a project may have at most " + std::to_string(kMaxListSize));
    }
    return *v;
  }
  template <std::size_t N>
  glm::vec<N, float> vec(const char* key, glm::vec<N, float> fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_array() || v->size() != N) {
      fail(field(key), "expected an array of " + std::to_string(N) + " numbers");
    }
    glm::vec<N, float> out;
    for (std::size_t i = 0; i < N; ++i) {
      out[static_cast<int>(i)] = finite_float((*v)[i], field(key) + "[" + std::to_string(i) + "]");
    }
    return out;
  }

  // The object is read: keys no getter asked for are not this build's. They are found by
  // comparing the document with what the project writes back (collect_unknown_fields), so the
  // readers need not carry them.
  void finish() const {}

 private:
  const json& j_;
  std::string path_;
  std::set<std::string, std::less<>> used_;
};

std::string element(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

int index_of(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

// Everything a machine's names resolve against.
struct Names {
  const std::vector<std::string>& clips;
  std::vector<std::string> blend_spaces;
  const anim::Parameters& parameters;
};

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

template <typename Enum>
Enum read_enum(ObjectReader& r, const char* key, Enum fallback,
               bool (*parse)(std::string_view, Enum&), const char* choices) {
  if (!r.has(key)) {
    r.find(key);
    return fallback;
  }
  const std::string text = r.string(key);
  Enum out = fallback;
  if (!parse(text, out)) fail(r.field(key), "'" + text + "' is not one of " + choices);
  return out;
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

anim::BlendAxis read_axis(const json& j, const std::string& path, anim::BlendAxis fallback) {
  ObjectReader r(j, path);
  anim::BlendAxis axis;
  axis.name = r.string("name", fallback.name);
  axis.min = r.number("min", fallback.min);
  axis.max = r.number("max", fallback.max);
  r.finish();
  return axis;
}

void check_clip(const std::vector<std::string>& clips, const std::string& clip,
                const std::string& path) {
  if (index_of(clips, clip) < 0) fail(path, "'" + clip + "' is not in the project's clips");
}

ProjectBlendSpace read_blend_space(const json& j, const std::string& path, const Project& p) {
  ObjectReader r(j, path);
  ProjectBlendSpace b;
  b.name = r.string("name");
  if (b.name.empty()) fail(r.field("name"), "must not be empty");
  b.dimensions = r.integer("dimensions", 2);
  if (b.dimensions != 1 && b.dimensions != 2) fail(r.field("dimensions"), "must be 1 or 2");
  const json& samples = r.array("samples", true);
  const auto parameter = [&](const char* key) {
    const std::string name = r.string(key);
    if (p.parameters.find(name) < 0) fail(r.field(key), "unknown parameter '" + name + "'");
    return name;
  };
  if (b.dimensions == 1) {
    b.space_1d.parameter_name = parameter("parameter");
    b.space_1d.min = r.number("min", b.space_1d.min);
    b.space_1d.max = r.number("max", b.space_1d.max);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      ObjectReader s(samples[i], element(r.field("samples"), i));
      anim::BlendSample1D sample{s.string("clip"), s.number("threshold")};
      check_clip(p.clips, sample.clip_name, s.field("clip"));
      s.finish();
      b.space_1d.samples.push_back(sample);
    }
    const std::string error = anim::validate(b.space_1d);
    if (!error.empty()) fail(path, error);
  } else {
    const std::string mode = r.string("mode");
    const auto parsed = anim::parse_blend_mode_2d(mode);
    if (!parsed) {
      fail(r.field("mode"), "'" + mode +
                                "' is not one of simple-directional, freeform-directional, "
                                "freeform-cartesian, delaunay");
    }
    b.space_2d.mode = *parsed;
    b.space_2d.x_axis = read_axis(r.required("x_axis"), r.field("x_axis"), b.space_2d.x_axis);
    b.space_2d.y_axis = read_axis(r.required("y_axis"), r.field("y_axis"), b.space_2d.y_axis);
    b.x_parameter = parameter("x_parameter");
    b.y_parameter = parameter("y_parameter");
    for (std::size_t i = 0; i < samples.size(); ++i) {
      ObjectReader s(samples[i], element(r.field("samples"), i));
      anim::BlendSample2D sample;
      sample.clip_name = s.string("clip");
      if (!s.has("position")) fail(s.field("position"), "missing");
      sample.position = s.vec<2>("position", glm::vec2(0.0f));
      check_clip(p.clips, sample.clip_name, s.field("clip"));
      s.finish();
      b.space_2d.samples.push_back(sample);
    }
    const std::string error = anim::validate(b.space_2d);
    if (!error.empty()) fail(path, error);
  }
  r.finish();
  return b;
}

ProjectLayer read_layer(const json& j, const std::string& path, const Project& p) {
  ObjectReader r(j, path);
  ProjectLayer l;
  l.name = r.string("name");
  l.mode =
      read_enum(r, "mode", anim::LayerMode::Override, anim::parse_layer_mode, "override, additive");
  l.weight = r.number("weight", 1.0f);
  if (l.weight < 0.0f || l.weight > 1.0f) fail(r.field("weight"), "must be in [0, 1]");
  l.blend_space = r.string("blend_space", "");
  if (!l.blend_space.empty()) {
    const bool known =
        std::any_of(p.blend_spaces.begin(), p.blend_spaces.end(),
                    [&](const ProjectBlendSpace& b) { return b.name == l.blend_space; });
    if (!known) fail(r.field("blend_space"), "no blend space is called '" + l.blend_space + "'");
    l.clip = -1;
  } else {
    const std::string clip = r.string("clip");
    l.clip = index_of(p.clips, clip);
    if (l.clip < 0) fail(r.field("clip"), "'" + clip + "' is not in the project's clips");
  }
  const json& mask = r.array("mask");
  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (!mask[i].is_string()) fail(element(r.field("mask"), i), "expected a joint name");
    l.mask_joints.push_back(mask[i].get<std::string>());
  }
  const json& exclude = r.array("mask_exclude");
  for (std::size_t i = 0; i < exclude.size(); ++i) {
    if (!exclude[i].is_string()) fail(element(r.field("mask_exclude"), i), "expected a joint name");
    l.mask_excluded.push_back(exclude[i].get<std::string>());
  }
  for (const char* key : {"mask_shapes", "mask_shapes_exclude"}) {
    const json& shapes = r.array(key);
    std::vector<std::string>& out =
        key == std::string("mask_shapes") ? l.mask_shapes : l.mask_shapes_excluded;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      if (!shapes[i].is_string()) fail(element(r.field(key), i), "expected a shape name");
      out.push_back(shapes[i].get<std::string>());
    }
  }
  r.finish();
  return l;
}

ProjectClipMarkers read_clip_markers(const json& j, const std::string& path, const Project& p) {
  ObjectReader r(j, path);
  ProjectClipMarkers c;
  c.clip = r.string("clip");
  check_clip(p.clips, c.clip, r.field("clip"));
  const json& markers = r.array("markers");
  for (std::size_t i = 0; i < markers.size(); ++i) {
    ObjectReader m(markers[i], element(r.field("markers"), i));
    anim::Marker marker;
    marker.name = m.string("name");
    if (marker.name.empty()) fail(m.field("name"), "must not be empty");
    marker.time_s = m.number("time_s");
    if (marker.time_s < 0.0f) fail(m.field("time_s"), "must not be negative");
    m.finish();
    c.markers.push_back(std::move(marker));
  }
  r.finish();
  return c;
}

ProjectView read_view(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  ProjectView v;
  v.show_grid = r.boolean("show_grid", v.show_grid);
  v.show_mesh = r.boolean("show_mesh", v.show_mesh);
  v.show_skeleton = r.boolean("show_skeleton", v.show_skeleton);
  v.wireframe = r.boolean("wireframe", v.wireframe);
  v.skinning = r.boolean("dual_quaternion_skinning", v.skinning == visual::SkinningChoice::DualQuat)
                   ? visual::SkinningChoice::DualQuat
                   : visual::SkinningChoice::Lbs;
  v.foot_ik = r.boolean("foot_ik", v.foot_ik);
  v.stride_warping = r.boolean("stride_warping", v.stride_warping);
  anim::StrideWarpingSettings& stride = v.stride_warping_settings;
  stride.min_ratio = r.number("stride_warping_min_ratio", stride.min_ratio);
  stride.max_ratio = r.number("stride_warping_max_ratio", stride.max_ratio);
  if (!(stride.min_ratio > 0.0f) || !(stride.max_ratio >= stride.min_ratio)) {
    fail(r.field("stride_warping_max_ratio"), "must be >= stride_warping_min_ratio, both > 0");
  }
  v.orientation_warping = r.boolean("orientation_warping", v.orientation_warping);
  anim::OrientationWarpingSettings& turn = v.orientation_warping_settings;
  turn.max_hip_angle_deg = r.number("orientation_warping_max_hip_deg", turn.max_hip_angle_deg);
  turn.max_torso_joint_angle_deg =
      r.number("orientation_warping_max_torso_joint_deg", turn.max_torso_joint_angle_deg);
  v.apply_root_motion = r.boolean("apply_root_motion", v.apply_root_motion);
  const std::string shading = r.string("shading", to_string(v.shading));
  if (shading != "material" && shading != "matcap" && shading != "clay") {
    fail(r.field("shading"), "must be \"material\", \"matcap\" or \"clay\"");
  }
  v.shading = visual::parse_shading_mode(shading);
  v.show_ground = r.boolean("show_ground", v.show_ground);
  v.shadows = r.boolean("shadows", v.shadows);
  v.fxaa = r.boolean("fxaa", v.fxaa);
  CameraPlacement& c = v.camera;
  c.yaw_deg = r.number("camera_yaw_deg", c.yaw_deg);
  c.pitch_deg = r.number("camera_pitch_deg", c.pitch_deg);
  c.distance_m = r.number("camera_distance_m", c.distance_m);
  if (!(c.distance_m > 0.0f)) fail(r.field("camera_distance_m"), "must be > 0");
  c.target = r.vec<3>("camera_target", c.target);
  visual::PanelLayout& l = v.layout;
  l.left_width = r.number("left_panel_width_px", l.left_width);
  l.right_width = r.number("right_panel_width_px", l.right_width);
  if (!(l.left_width >= 0.0f && l.left_width <= 10000.0f))
    fail(r.field("left_panel_width_px"), "must be from 0 to 10000");
  if (!(l.right_width >= 0.0f && l.right_width <= 10000.0f))
    fail(r.field("right_panel_width_px"), "must be from 0 to 10000");
  l.left_open = r.boolean("left_panel_open", l.left_open);
  l.right_open = r.boolean("right_panel_open", l.right_open);
  const float ui_scale = r.number("ui_scale", 0.0f);
  if (!(ui_scale == 0.0f || (ui_scale >= 0.5f && ui_scale <= 3.0f)))
    fail(r.field("ui_scale"), "must be 0 (from the screen) or from 0.5 to 3");
  l.ui_scale_automatic = ui_scale == 0.0f;
  if (!l.ui_scale_automatic) l.ui_scale = ui_scale;
  r.finish();
  return v;
}

std::vector<std::string> read_strings(ObjectReader& r, const char* key);

ProjectRig read_rig(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  ProjectRig rig;
  rig.pelvis = r.string("pelvis", std::string());
  const json& limbs = r.array("limbs");
  for (std::size_t i = 0; i < limbs.size(); ++i) {
    ObjectReader lr(limbs[i], element(r.field("limbs"), i));
    ProjectRigLimb limb;
    limb.role = lr.string("role");
    if (limb.role != "leg" && limb.role != "arm") fail(lr.field("role"), "expected leg or arm");
    limb.side = lr.string("side");
    if (limb.side != "left" && limb.side != "right" && limb.side != "center") {
      fail(lr.field("side"), "expected left, right or center");
    }
    limb.front = lr.boolean("front", false);
    limb.joints = read_strings(lr, "joints");
    if (limb.joints.size() < 3) fail(lr.field("joints"), "a limb needs at least three joints");
    lr.finish();
    rig.limbs.push_back(std::move(limb));
  }
  const json& pairs = r.array("mirror_pairs");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const json& pair = pairs[i];
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
      fail(element(r.field("mirror_pairs"), i), "expected two joint names");
    }
    rig.mirror_pairs.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
  }
  rig.mirrored_clips = read_strings(r, "mirrored_clips");
  r.finish();
  return rig;
}

std::vector<std::string> read_strings(ObjectReader& r, const char* key) {
  std::vector<std::string> out;
  const json& a = r.array(key);
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string()) fail(element(r.field(key), i), "expected a string");
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

// Every key of read that written lacks, as JSON pointers with their values: the fields the
// readers skipped (the writer writes every field it knows).
void collect_unknown_fields(const json& read, const json& written,
                            const json::json_pointer& pointer, std::vector<UnknownField>& out) {
  if (read.is_object() && written.is_object()) {
    for (auto it = read.begin(); it != read.end(); ++it) {
      const json::json_pointer child = pointer / it.key();
      if (!written.contains(it.key())) {
        out.push_back({child.to_string(), it.value().dump()});
      } else {
        collect_unknown_fields(it.value(), written[it.key()], child, out);
      }
    }
  } else if (read.is_array() && written.is_array()) {
    for (std::size_t i = 0; i < read.size() && i < written.size(); ++i) {
      collect_unknown_fields(read[i], written[i], pointer / i, out);
    }
  }
}

// A database of 100k frames is large; ten times that is a file that is not a project.
constexpr std::size_t kMaxCoverageFrames = 1'000'000;

ProjectMotionMatching read_motion_matching(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  ProjectMotionMatching m;
  if (const json* weights = r.find("weights")) {
    if (!weights->is_object()) fail(r.field("weights"), "expected an object of group: weight");
    for (const auto& [name, value] : weights->items()) {
      const std::string where = r.field("weights") + "." + name;
      const float weight = finite_float(value, where);
      if (!(weight >= 0.0f)) fail(where, "expected a number >= 0");
      m.weights.emplace_back(name, weight);
    }
  }
  m.excluded_clips = read_strings(r, "excluded_clips");
  m.poor_match_cost = r.number("poor_match_cost", m.poor_match_cost);
  m.mirrored = r.boolean("mirrored", false);
  const json& coverage = r.array("coverage");
  for (std::size_t i = 0; i < coverage.size(); ++i) {
    ObjectReader c(coverage[i], element(r.field("coverage"), i));
    ProjectClipCoverage range;
    range.clip = c.string("clip");
    range.mirrored = c.boolean("mirrored", false);
    range.start_time_s = c.number("start_time_s", 0.0f);
    if (!(range.start_time_s >= 0.0f)) fail(c.field("start_time_s"), "must be >= 0");
    // Not c.array(): a database range may hold more frames than a list of the graph's things.
    const json& counts = c.required("counts");
    if (!counts.is_array()) fail(c.field("counts"), "expected an array of counts");
    if (counts.size() > kMaxCoverageFrames) {
      fail(c.field("counts"), "more than " + std::to_string(kMaxCoverageFrames) + " frames");
    }
    for (std::size_t k = 0; k < counts.size(); ++k) {
      if (!counts[k].is_number_unsigned() || counts[k].get<std::uint64_t>() > UINT32_MAX) {
        fail(element(c.field("counts"), k), "expected a count (an integer from 0 to 2^32 - 1)");
      }
      range.counts.push_back(counts[k].get<std::uint32_t>());
    }
    c.finish();
    m.coverage.push_back(std::move(range));
  }
  r.finish();
  return m;
}

ProjectSession read_session(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  ProjectSession s;
  s.mode = r.string("mode", s.mode);
  if (s.mode != "clip" && s.mode != "graph") fail(r.field("mode"), "must be \"clip\" or \"graph\"");
  s.clip = r.string("clip", s.clip);
  s.time_s = r.number("time_s", s.time_s);
  if (!(s.time_s >= 0.0f)) fail(r.field("time_s"), "must be >= 0");
  s.playing = r.boolean("playing", s.playing);
  s.speed = r.number("speed", s.speed);
  if (!(s.speed >= 0.0f && s.speed <= 16.0f)) fail(r.field("speed"), "must be in [0, 16]");
  s.loop = read_enum(r, "loop", s.loop, anim::parse_playback_mode, "loop, once, ping_pong");
  s.time_scale = r.number("time_scale", s.time_scale);
  if (!(s.time_scale >= 0.05f && s.time_scale <= 1.0f)) {
    fail(r.field("time_scale"), "must be in [0.05, 1]");
  }
  r.finish();
  return s;
}

// j with the optional "motion_matching" section added.
json with_motion_matching(json j, const ProjectMotionMatching& m) {
  json weights = json::object();
  for (const auto& [name, weight] : m.weights) weights[name] = weight;
  json coverage = json::array();
  for (const ProjectClipCoverage& c : m.coverage) {
    coverage.push_back({{"clip", c.clip},
                        {"mirrored", c.mirrored},
                        {"start_time_s", c.start_time_s},
                        {"counts", c.counts}});
  }
  j["motion_matching"] = {{"weights", weights},
                          {"excluded_clips", m.excluded_clips},
                          {"poor_match_cost", m.poor_match_cost},
                          {"coverage", coverage}};
  if (m.mirrored) j["motion_matching"]["mirrored"] = true;
  return j;
}

Project read_project(const json& j) {
  ObjectReader r(j, "");
  const int version = r.integer("version");
  if (version > kProjectFormatVersion) {
    fail("version", "the project was saved by a newer animview (format " + std::to_string(version) +
                        "; this build reads up to " + std::to_string(kProjectFormatVersion) + ")");
  }
  if (version < 1) fail("version", "unknown format version " + std::to_string(version));
  Project p;
  p.character = r.string("character");
  p.clip_files = read_strings(r, "clip_files");
  p.clips = read_strings(r, "clips");
  for (std::size_t i = 0; i < p.clips.size(); ++i) {
    if (p.clips[i].empty()) fail(element("clips", i), "must not be empty");
    if (index_of(p.clips, p.clips[i]) != static_cast<int>(i)) {
      fail(element("clips", i), "duplicate clip name '" + p.clips[i] + "'");
    }
  }
  const json& parameters = r.array("parameters");
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    ObjectReader pr(parameters[i], element("parameters", i));
    const std::string name = pr.string("name");
    const anim::ParameterType type =
        read_enum(pr, "type", anim::ParameterType::Float, anim::parse_parameter_type,
                  "float, int, bool, trigger");
    const float value = pr.number("value", 0.0f);
    pr.finish();
    if (name.empty()) fail(pr.field("name"), "must not be empty");
    if (p.parameters.add(name, type, value) < 0) {
      fail(pr.field("name"), "duplicate parameter name '" + name + "'");
    }
  }
  const json& spaces = r.array("blend_spaces");
  for (std::size_t i = 0; i < spaces.size(); ++i) {
    p.blend_spaces.push_back(read_blend_space(spaces[i], element("blend_spaces", i), p));
    for (std::size_t k = 0; k < i; ++k) {
      if (p.blend_spaces[k].name == p.blend_spaces[i].name) {
        fail(element("blend_spaces", i) + ".name",
             "duplicate blend space name '" + p.blend_spaces[i].name + "'");
      }
    }
  }
  Names names{p.clips, {}, p.parameters};
  for (const ProjectBlendSpace& b : p.blend_spaces) names.blend_spaces.push_back(b.name);
  p.state_machine = read_machine(r.required("state_machine"), "state_machine", names);
  const json& others = r.array("other_state_machines");
  for (std::size_t i = 0; i < others.size(); ++i) {
    p.other_state_machines.push_back(
        read_machine(others[i], element("other_state_machines", i), names));
  }
  const json& layers = r.array("layers");
  for (std::size_t i = 0; i < layers.size(); ++i) {
    p.layers.push_back(read_layer(layers[i], element("layers", i), p));
  }
  const json& clip_markers = r.array("clip_markers");
  for (std::size_t i = 0; i < clip_markers.size(); ++i) {
    p.clip_markers.push_back(read_clip_markers(clip_markers[i], element("clip_markers", i), p));
  }
  if (const json* view = r.find("view")) p.view = read_view(*view, "view");
  if (const json* mm = r.find("motion_matching")) {
    p.motion_matching = read_motion_matching(*mm, "motion_matching");
  }
  if (const json* rig = r.find("rig")) p.rig = read_rig(*rig, "rig");
  if (const json* retarget = r.find("retarget")) {
    auto [path, why] = read_retargets(*retarget, "retarget", p.retargets);
    if (!path.empty()) fail(path, why);
  }
  if (const json* session = r.find("session")) p.session = read_session(*session, "session");
  if (const json* post = r.find("post_process")) {
    auto [path, why] = read_post_process(*post, "post_process", p.post_process);
    if (!path.empty()) fail(path, why);
  }
  if (const json* audio = r.find("audio")) {
    ObjectReader a(*audio, "audio");
    p.audio_file = a.string("file");
    if (p.audio_file.empty()) fail(a.field("file"), "must name a sound file");
    p.audio_offset_s = a.number("offset_s", 0.0f);
    a.finish();
  }
  r.finish();
  // The name checks above make this hold; it guards the machines' own numeric invariants.
  const auto check = [&](const anim::StateMachine& m, const std::string& path) {
    if (m.states.empty()) return;  // no machine: nothing to validate
    const std::string error = anim::validate(m, p.parameters, static_cast<int>(p.clips.size()),
                                             static_cast<int>(p.blend_spaces.size()));
    if (!error.empty()) fail(path, error);
  };
  check(p.state_machine, "state_machine");
  for (std::size_t i = 0; i < p.other_state_machines.size(); ++i) {
    check(p.other_state_machines[i], element("other_state_machines", i));
  }
  return p;
}

json clip_markers_to_json(const std::vector<ProjectClipMarkers>& all) {
  json out = json::array();
  for (const ProjectClipMarkers& c : all) {
    json markers = json::array();
    for (const anim::Marker& m : c.markers) {
      markers.push_back({{"name", m.name}, {"time_s", m.time_s}});
    }
    out.push_back({{"clip", c.clip}, {"markers", markers}});
  }
  return out;
}

// 1-based line and column of a byte offset into text.
std::pair<std::size_t, std::size_t> line_and_column(std::string_view text, std::size_t byte) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace

std::string project_to_json(const Project& p) {
  json parameters = json::array();
  for (const anim::Parameter& param : p.parameters.all()) {
    parameters.push_back(
        {{"name", param.name}, {"type", anim::to_string(param.type)}, {"value", param.value}});
  }
  json spaces = json::array();
  for (const ProjectBlendSpace& b : p.blend_spaces) spaces.push_back(blend_space_to_json(b));
  json layers = json::array();
  for (const ProjectLayer& l : p.layers) {
    layers.push_back({{"name", l.name},
                      {"mode", anim::to_string(l.mode)},
                      {"weight", l.weight},
                      {"mask", l.mask_joints}});
    if (l.blend_space.empty()) {
      layers.back()["clip"] = name_at(p.clips, l.clip);
    } else {
      layers.back()["blend_space"] = l.blend_space;
    }
    if (!l.mask_excluded.empty()) layers.back()["mask_exclude"] = l.mask_excluded;
    if (!l.mask_shapes.empty()) layers.back()["mask_shapes"] = l.mask_shapes;
    if (!l.mask_shapes_excluded.empty()) {
      layers.back()["mask_shapes_exclude"] = l.mask_shapes_excluded;
    }
  }
  const ProjectView& v = p.view;
  const json view = {{"show_grid", v.show_grid},
                     {"show_mesh", v.show_mesh},
                     {"show_skeleton", v.show_skeleton},
                     {"wireframe", v.wireframe},
                     {"dual_quaternion_skinning", v.skinning == visual::SkinningChoice::DualQuat},
                     {"foot_ik", v.foot_ik},
                     {"apply_root_motion", v.apply_root_motion},
                     {"shading", to_string(v.shading)},
                     {"show_ground", v.show_ground},
                     {"shadows", v.shadows},
                     {"fxaa", v.fxaa},
                     {"camera_yaw_deg", v.camera.yaw_deg},
                     {"camera_pitch_deg", v.camera.pitch_deg},
                     {"camera_distance_m", v.camera.distance_m},
                     {"camera_target", vec_to_json(v.camera.target)},
                     {"left_panel_width_px", v.layout.left_width},
                     {"right_panel_width_px", v.layout.right_width},
                     {"left_panel_open", v.layout.left_open},
                     {"right_panel_open", v.layout.right_open},
                     {"ui_scale", v.layout.ui_scale_automatic ? 0.0f : v.layout.ui_scale}};
  json j = {{"version", kProjectFormatVersion},
            {"character", p.character},
            {"clip_files", p.clip_files},
            {"clips", p.clips},
            {"parameters", parameters},
            {"blend_spaces", spaces},
            {"state_machine", machine_to_json(p.state_machine, p)},
            {"layers", layers},
            {"view", view}};
  json& saved_view = j["view"];
  saved_view["stride_warping"] = v.stride_warping;
  saved_view["stride_warping_min_ratio"] = v.stride_warping_settings.min_ratio;
  saved_view["stride_warping_max_ratio"] = v.stride_warping_settings.max_ratio;
  saved_view["orientation_warping"] = v.orientation_warping;
  saved_view["orientation_warping_max_hip_deg"] = v.orientation_warping_settings.max_hip_angle_deg;
  saved_view["orientation_warping_max_torso_joint_deg"] =
      v.orientation_warping_settings.max_torso_joint_angle_deg;
  if (!p.other_state_machines.empty()) {
    json others = json::array();
    for (const anim::StateMachine& m : p.other_state_machines)
      others.push_back(machine_to_json(m, p));
    j["other_state_machines"] = others;
  }
  if (!p.clip_markers.empty()) j["clip_markers"] = clip_markers_to_json(p.clip_markers);
  if (!p.rig.empty()) {
    json rig_limbs = json::array();
    for (const ProjectRigLimb& l : p.rig.limbs) {
      rig_limbs.push_back(
          {{"role", l.role}, {"side", l.side}, {"front", l.front}, {"joints", l.joints}});
    }
    json pairs = json::array();
    for (const auto& [a, b] : p.rig.mirror_pairs) pairs.push_back({a, b});
    j["rig"] = {{"pelvis", p.rig.pelvis},
                {"limbs", rig_limbs},
                {"mirror_pairs", pairs},
                {"mirrored_clips", p.rig.mirrored_clips}};
  }
  if (!p.retargets.empty()) j["retarget"] = retargets_to_json(p.retargets);
  if (!p.post_process.empty()) j["post_process"] = post_process_to_json(p.post_process);
  if (!p.audio_file.empty()) {
    j["audio"] = {{"file", p.audio_file}, {"offset_s", p.audio_offset_s}};
  }
  if (p.session) {
    const ProjectSession& s = *p.session;
    j["session"] = {{"mode", s.mode},
                    {"clip", s.clip},
                    {"time_s", s.time_s},
                    {"playing", s.playing},
                    {"speed", s.speed},
                    {"loop", anim::to_string(s.loop)},
                    {"time_scale", s.time_scale}};
  }
  json with_unknown = p.motion_matching ? with_motion_matching(j, *p.motion_matching) : j;
  for (const UnknownField& f : p.unknown_fields) {
    const json::json_pointer at(f.pointer);
    if (with_unknown.contains(at) || !with_unknown.contains(at.parent_pointer())) continue;
    json& parent = with_unknown[at.parent_pointer()];
    if (parent.is_object()) parent[at.back()] = json::parse(f.value_json);
  }
  return with_unknown.dump(2) + "\n";
}

std::vector<std::string> unknown_field_notices(const Project& project,
                                               const std::string& source_name) {
  std::vector<std::string> notices;
  for (const UnknownField& f : project.unknown_fields) {
    notices.push_back(source_name + ": field '" + f.pointer.substr(1) +
                      "' is not known to this animview; it is kept as it is when the project "
                      "is saved");
  }
  return notices;
}

// nlohmann's message without its "[json.exception.type.NNN] " prefix.
std::string plain(const json::exception& e) {
  std::string what = e.what();
  if (const std::size_t bracket = what.find("] ");
      what.rfind("[json.exception", 0) == 0 && bracket != std::string::npos) {
    what = what.substr(bracket + 2);
  }
  return what;
}

struct TooDeep {};

std::string parse_project(std::string_view text, const std::string& source_name, Project& out) {
  if (text.size() > kMaxFileBytes) {
    return source_name + ": " + std::to_string(text.size() >> 20) +
           " MiB is too large for a project file (at most " + std::to_string(kMaxFileBytes >> 20) +
           " MiB)";
  }
  json j;
  try {
    j = json::parse(text.begin(), text.end(), [](int depth, json::parse_event_t, json&) {
      if (depth > kMaxJsonDepth) throw TooDeep{};
      return true;
    });
  } catch (const TooDeep&) {
    return source_name + ": the JSON nests more than " + std::to_string(kMaxJsonDepth) +
           " levels deep";
  } catch (const json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    const auto [line, column] = line_and_column(text, e.byte > 0 ? e.byte - 1 : 0);
    std::string what = e.what();
    // nlohmann's text repeats its own position; keep the part after "parse error ...: ".
    if (const std::size_t colon = what.find(": ", what.find("parse error"));
        colon != std::string::npos) {
      what = what.substr(colon + 2);
    }
    return source_name + ": line " + std::to_string(line) + ", column " + std::to_string(column) +
           ": not valid JSON: " + what;
  } catch (const json::exception& e) {
    // out_of_range for a number like 1e309, which has no position in nlohmann's report.
    return source_name + ": not valid JSON: " + plain(e);
  }
  try {
    Project project = read_project(j);
    collect_unknown_fields(j, json::parse(project_to_json(project)), json::json_pointer(),
                           project.unknown_fields);
    out = std::move(project);
  } catch (const FieldError& e) {
    return source_name + ": " + (e.path.empty() ? "" : e.path + ": ") + e.message;
  } catch (const json::exception& e) {
    return source_name + ": " + (last_object_path.empty() ? "" : last_object_path + ": ") +
           plain(e);
  } catch (const std::exception& e) {
    return source_name + ": " + (last_object_path.empty() ? "" : last_object_path + ": ") +
           e.what();
  }
  return {};
}

std::string load_project(const std::string& path, Project& out) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return path + ": cannot open the project file";
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return path + ": read error";
  return parse_project(text.str(), path, out);
}

std::string save_project(const Project& project, const std::string& path) {
  return write_file_atomically(path, project_to_json(project));
}

}  // namespace asset
