#include "project/project_file.h"

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

#include "import/atomic_write.h"
#include "project/project_blend_space_json.h"
#include "project/project_field_io.h"
#include "project/project_json.h"
#include "project/project_machine_json.h"
#include "project/project_post_process_json.h"
#include "project/project_retarget_json.h"
#include "project/project_view_json.h"

namespace project {

namespace {

using namespace project_json;

// The sections' fields, for reading and writing (project/project_field_io.h).

template <typename Io, typename Layer>
void layer_fields(Io& io, Layer& l, const Project& p) {
  io.required_text("name", l.name);
  io.enumeration("mode", l.mode, anim::parse_layer_mode, anim::to_string, "override, additive");
  io.number("weight", l.weight);
  io.check(l.weight >= 0.0f && l.weight <= 1.0f, "weight", "must be in [0, 1]");
  io.text("blend_space", l.blend_space, Written::WhenNotEmpty);
  if (l.blend_space.empty()) {
    std::string clip = name_at(p.clips, l.clip);
    io.required_text("clip", clip);
    if constexpr (Io::kReads) l.clip = index_of(p.clips, clip);
    io.check(l.clip >= 0, "clip", "'" + clip + "' is not in the project's clips");
  } else {
    const bool known =
        std::any_of(p.blend_spaces.begin(), p.blend_spaces.end(),
                    [&](const ProjectBlendSpace& b) { return b.name == l.blend_space; });
    io.check(known, "blend_space", "no blend space is called '" + l.blend_space + "'");
    if constexpr (Io::kReads) l.clip = -1;
  }
  io.texts("mask", l.mask_joints);
  io.texts("mask_exclude", l.mask_excluded, Written::WhenNotEmpty);
  io.texts("mask_shapes", l.mask_shapes, Written::WhenNotEmpty);
  io.texts("mask_shapes_exclude", l.mask_shapes_excluded, Written::WhenNotEmpty);
}

template <typename Io, typename ClipMarkers>
void clip_marker_fields(Io& io, ClipMarkers& c, const Project& p) {
  io.required_text("clip", c.clip);
  io.check(index_of(p.clips, c.clip) >= 0, "clip",
           "'" + c.clip + "' is not in the project's clips");
  io.list("markers", c.markers, [](auto& mio, auto& m) {
    mio.required_text("name", m.name);
    mio.check(!m.name.empty(), "name", "must not be empty");
    mio.required_number("time_s", m.time_s);
    mio.check(m.time_s >= 0.0f, "time_s", "must not be negative");
  });
}

template <typename Io, typename Rig>
void rig_fields(Io& io, Rig& rig) {
  io.text("pelvis", rig.pelvis);
  io.list("limbs", rig.limbs, [](auto& lio, auto& limb) {
    lio.required_text("role", limb.role);
    lio.check(limb.role == "leg" || limb.role == "arm", "role", "expected leg or arm");
    lio.required_text("side", limb.side);
    lio.check(limb.side == "left" || limb.side == "right" || limb.side == "center", "side",
              "expected left, right or center");
    lio.boolean("front", limb.front);
    lio.texts("joints", limb.joints);
    lio.check(limb.joints.size() >= 3, "joints", "a limb needs at least three joints");
  });
  io.text_pairs("mirror_pairs", rig.mirror_pairs);
  io.texts("mirrored_clips", rig.mirrored_clips);
}

template <typename Io, typename Session>
void session_fields(Io& io, Session& s) {
  io.text("mode", s.mode);
  io.check(s.mode == "clip" || s.mode == "graph", "mode", "must be \"clip\" or \"graph\"");
  io.text("clip", s.clip);
  io.number("time_s", s.time_s);
  io.check(s.time_s >= 0.0f, "time_s", "must be >= 0");
  io.boolean("playing", s.playing);
  io.number("speed", s.speed);
  io.check(s.speed >= 0.0f && s.speed <= 16.0f, "speed", "must be in [0, 16]");
  io.enumeration("loop", s.loop, anim::parse_playback_mode, anim::to_string,
                 "loop, once, ping_pong");
  io.number("time_scale", s.time_scale);
  io.check(s.time_scale >= 0.05f && s.time_scale <= 1.0f, "time_scale", "must be in [0.05, 1]");
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

// The "motion_matching" section: the search's settings and the coverage counted so far.
template <typename Io, typename MotionMatching>
void motion_matching_fields(Io& io, MotionMatching& m) {
  io.weights("weights", m.weights);
  io.texts("excluded_clips", m.excluded_clips);
  io.number("poor_match_cost", m.poor_match_cost);
  io.boolean("mirrored", m.mirrored, Written::WhenTrue);
  io.list("coverage", m.coverage, [](auto& cio, auto& c) {
    cio.required_text("clip", c.clip);
    cio.boolean("mirrored", c.mirrored);
    cio.number("start_time_s", c.start_time_s);
    cio.check(c.start_time_s >= 0.0f, "start_time_s", "must be >= 0");
    cio.required_counts("counts", c.counts, kMaxCoverageFrames);
  });
}

// The "audio" section: the project's sound file and where it starts.
template <typename Io, typename P>
void audio_fields(Io& io, P& p) {
  io.required_text("file", p.audio_file);
  io.check(!p.audio_file.empty(), "file", "must name a sound file");
  io.number("offset_s", p.audio_offset_s);
}

// The file's parameters, each with a unique name, into p.parameters.
void read_parameters(ObjectReader& r, Project& p) {
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
}

// The file's blend spaces, each with a unique name, into p.blend_spaces.
void read_blend_spaces(ObjectReader& r, Project& p) {
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
}

// The name checks of the readers make the machines valid; this guards their own numeric
// invariants.
void validate_machines(const Project& p) {
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
  read_parameters(r, p);
  read_blend_spaces(r, p);
  Names names{p.clips, {}, p.parameters};
  for (const ProjectBlendSpace& b : p.blend_spaces) names.blend_spaces.push_back(b.name);
  p.state_machine = read_machine(r.required("state_machine"), "state_machine", names);
  const json& others = r.array("other_state_machines");
  for (std::size_t i = 0; i < others.size(); ++i) {
    p.other_state_machines.push_back(
        read_machine(others[i], element("other_state_machines", i), names));
  }
  FieldReader io(r);
  io.list("layers", p.layers, [&](auto& lio, auto& l) { layer_fields(lio, l, p); });
  io.list("clip_markers", p.clip_markers,
          [&](auto& cio, auto& c) { clip_marker_fields(cio, c, p); });
  if (const json* view = r.find("view")) p.view = read_view(*view, "view");
  if (const json* mm = r.find("motion_matching")) {
    p.motion_matching = read_fields<ProjectMotionMatching>(
        *mm, "motion_matching", [](auto& mio, auto& m) { motion_matching_fields(mio, m); });
  }
  if (const json* rig = r.find("rig")) {
    p.rig =
        read_fields<ProjectRig>(*rig, "rig", [](auto& rio, auto& rig) { rig_fields(rio, rig); });
  }
  if (const json* retarget = r.find("retarget")) {
    auto [path, why] = read_retargets(*retarget, "retarget", p.retargets);
    if (!path.empty()) fail(path, why);
  }
  if (const json* session = r.find("session")) {
    p.session = read_fields<ProjectSession>(*session, "session",
                                            [](auto& sio, auto& s) { session_fields(sio, s); });
  }
  if (const json* post = r.find("post_process")) {
    auto [path, why] = read_post_process(*post, "post_process", p.post_process);
    if (!path.empty()) fail(path, why);
  }
  // Saved before foot IK was an entry: it ran first, and still does.
  if (p.view.foot_ik) put_foot_ik_first_if_missing(p.post_process);
  if (const json* audio = r.find("audio")) {
    ObjectReader a(*audio, "audio");
    FieldReader aio(a);
    audio_fields(aio, p);
    a.finish();
  }
  r.finish();
  validate_machines(p);
  return p;
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
  for (const ProjectBlendSpace& b : p.blend_spaces) spaces.push_back(blend_space_to_json(b, p));
  json j = {{"version", kProjectFormatVersion},
            {"character", p.character},
            {"clip_files", p.clip_files},
            {"clips", p.clips},
            {"parameters", parameters},
            {"blend_spaces", spaces},
            {"state_machine", machine_to_json(p.state_machine, p)},
            {"view", view_to_json(p.view)}};
  FieldWriter io(j);
  io.list("layers", p.layers, [&](auto& lio, auto& l) { layer_fields(lio, l, p); });
  io.list(
      "clip_markers", p.clip_markers, [&](auto& cio, auto& c) { clip_marker_fields(cio, c, p); },
      Written::WhenNotEmpty);
  if (!p.other_state_machines.empty()) {
    json others = json::array();
    for (const anim::StateMachine& m : p.other_state_machines)
      others.push_back(machine_to_json(m, p));
    j["other_state_machines"] = others;
  }
  if (!p.rig.empty())
    j["rig"] = write_fields(p.rig, [](auto& rio, auto& rig) { rig_fields(rio, rig); });
  if (!p.retargets.empty()) j["retarget"] = retargets_to_json(p.retargets);
  if (!p.post_process.empty()) j["post_process"] = post_process_to_json(p.post_process);
  if (!p.audio_file.empty()) {
    j["audio"] = write_fields(p, [](auto& aio, auto& project) { audio_fields(aio, project); });
  }
  if (p.session) {
    j["session"] = write_fields(*p.session, [](auto& sio, auto& s) { session_fields(sio, s); });
  }
  if (p.motion_matching) {
    j["motion_matching"] = write_fields(*p.motion_matching,
                                        [](auto& mio, auto& m) { motion_matching_fields(mio, m); });
  }
  for (const UnknownField& f : p.unknown_fields) {
    const json::json_pointer at(f.pointer);
    if (j.contains(at) || !j.contains(at.parent_pointer())) continue;
    json& parent = j[at.parent_pointer()];
    if (parent.is_object()) parent[at.back()] = json::parse(f.value_json);
  }
  return j.dump(2) + "\n";
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
  return importer::write_file_atomically(path, project_to_json(project));
}

}  // namespace project
