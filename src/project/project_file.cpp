#include "project/project_file.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "import/atomic_write.h"
#include "project/project_blend_space_json.h"
#include "project/project_field_io.h"
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
  io.texts("included_clips", m.included_clips, Written::WhenNotEmpty);
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

// The "parameters" section: each with a unique name (added to p.parameters as it is read).
template <typename Io, typename P>
void parameters_field(Io& io, P& p) {
  std::vector<anim::Parameter> parameters = p.parameters.all();  // none yet when reading
  io.list("parameters", parameters, [&](auto& pio, auto& param) {
    pio.required_text("name", param.name);
    pio.enumeration("type", param.type, anim::parse_parameter_type, anim::to_string,
                    "float, int, bool, trigger");
    pio.number("value", param.value);
    pio.check(!param.name.empty(), "name", "must not be empty");
    if constexpr (Io::kReads) {
      pio.check(p.parameters.add(param.name, param.type, param.value) >= 0, "name",
                "duplicate parameter name '" + param.name + "'");
    }
  });
}

// The clip names: none empty, none twice (only a reader checks).
template <typename Io>
void check_clip_names(Io& io, const std::vector<std::string>& clips) {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const std::string at = element("clips", i);
    io.check(!clips[i].empty(), at.c_str(), "must not be empty");
    io.check(index_of(clips, clips[i]) == static_cast<int>(i), at.c_str(),
             "duplicate clip name '" + clips[i] + "'");
  }
}

// The format version: this build's, or an older one.
template <typename Io>
void version_field(Io& io) {
  int version = kProjectFormatVersion;
  io.required_integer("version", version);
  io.check(version <= kProjectFormatVersion, "version",
           "the project was saved by a newer animview (format " + std::to_string(version) +
               "; this build reads up to " + std::to_string(kProjectFormatVersion) + ")");
  io.check(version >= 1, "version", "unknown format version " + std::to_string(version));
}

// What the project holds by name and what plays: the character, its clips, the parameters, blend
// spaces, state machines and layers.
template <typename Io, typename P>
void graph_fields(Io& io, P& p) {
  version_field(io);
  io.required_text("character", p.character);
  io.texts("clip_files", p.clip_files);
  io.texts("clips", p.clips);
  if constexpr (Io::kReads) check_clip_names(io, p.clips);
  parameters_field(io, p);
  io.list("blend_spaces", p.blend_spaces, [&](auto& bio, auto& b) {
    blend_space_fields(bio, b, p);
    if constexpr (Io::kReads) {
      for (const ProjectBlendSpace& before : p.blend_spaces) {  // those read so far
        bio.check(before.name != b.name, "name", "duplicate blend space name '" + b.name + "'");
      }
    }
  });
  const auto machine = [&](auto& mio, auto& m) { machine_fields(mio, m, p, 1); };
  io.object("state_machine", p.state_machine, machine);
  io.list("other_state_machines", p.other_state_machines, machine, Written::WhenNotEmpty);
  io.list("layers", p.layers, [&](auto& lio, auto& l) { layer_fields(lio, l, p); });
}

// Every section of the file, in the order they are read (later ones name earlier ones' things).
template <typename Io, typename P>
void project_fields(Io& io, P& p) {
  graph_fields(io, p);
  io.list(
      "clip_markers", p.clip_markers, [&](auto& cio, auto& c) { clip_marker_fields(cio, c, p); },
      Written::WhenNotEmpty);
  io.optional_object("view", p.view, [](auto& vio, auto& v) { view_fields(vio, v); });
  io.optional("motion_matching", p.motion_matching,
              [](auto& mio, auto& m) { motion_matching_fields(mio, m); });
  io.optional_object(
      "rig", p.rig, [](auto& rio, auto& rig) { rig_fields(rio, rig); }, !p.rig.empty());
  io.list(
      "retarget", p.retargets, [](auto& rio, auto& r) { retarget_fields(rio, r); },
      Written::WhenNotEmpty);
  io.optional("session", p.session, [](auto& sio, auto& s) { session_fields(sio, s); });
  io.list(
      "post_process", p.post_process, [](auto& eio, auto& e) { post_process_fields(eio, e); },
      Written::WhenNotEmpty);
  // Saved before foot IK was an entry: it ran first, and still does.
  if constexpr (Io::kReads) {
    if (p.view.foot_ik) put_foot_ik_first_if_missing(p.post_process);
  }
  io.optional_object(
      "audio", p, [](auto& aio, auto& project) { audio_fields(aio, project); },
      !p.audio_file.empty());
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
  Project p =
      read_fields<Project>(j, "", [](auto& io, auto& project) { project_fields(io, project); });
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
  json j = write_fields(p, [](auto& io, auto& project) { project_fields(io, project); });
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
