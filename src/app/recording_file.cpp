#include "app/recording_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "import/atomic_write.h"

namespace app {
namespace {

using nlohmann::json;

// Version 2 added the motion-matching mode and its steering; version 1 files read as before.
constexpr int kRecordingVersion = 2;
constexpr int kOldestVersion = 1;

const char* play_name(PlayMode mode) {
  switch (mode) {
    case PlayMode::Graph:
      return "graph";
    case PlayMode::ClipPreview:
      return "clip";
    case PlayMode::RestPose:
      return "rest";
  }
  return "graph";
}

const char* event_name(RecordedMotionMatching::Event event) {
  switch (event) {
    case RecordedMotionMatching::Event::Start:
      return "start";
    case RecordedMotionMatching::Event::Settings:
      return "settings";
    case RecordedMotionMatching::Event::Stop:
      return "stop";
  }
  return "stop";
}

// A motion-matching input's fields into j: the event, and but for a stop, the weights by
// feature group and the clips the search may not choose (a start: also the database's clips).
void motion_matching_to_json(const RecordedMotionMatching& m, json& j) {
  j["motion_matching"] = event_name(m.event);
  if (m.event == RecordedMotionMatching::Event::Stop) return;
  if (m.event == RecordedMotionMatching::Event::Start) {
    j["clips"] = m.database_clips;
    j["mirrored"] = m.mirrored;
  }
  json weights = json::object();
  for (int g = 0; g < anim::kFeatureGroupCount; ++g)
    weights[anim::feature_group_layout(g).name] = m.weights[static_cast<std::size_t>(g)];
  j["weights"] = std::move(weights);
  j["disabled_clips"] = m.disabled_clips;
}

json input_to_json(const RecordedInput& input) {
  json j = {{"t", input.time_s}};
  if (input.kind == RecordedInput::Kind::MotionMatching) {
    motion_matching_to_json(input.motion_matching, j);
    return j;
  }
  if (input.kind == RecordedInput::Kind::Steering) {
    j["steer"] = {input.velocity.x, input.velocity.y, input.velocity.z};
    j["facing"] = input.yaw_rad;
    return j;
  }
  if (input.kind == RecordedInput::Kind::Parameter) {
    j["parameter"] = input.name;
    j["value"] = input.value;
    return j;
  }
  if (input.kind == RecordedInput::Kind::Clock) {
    j["clock_speed"] = input.speed;
    j["loop"] = anim::to_string(input.loop);
    return j;
  }
  j["play"] = play_name(input.mode);
  if (input.mode == PlayMode::ClipPreview) {
    j["clip"] = input.name;
    j["playhead"] = input.playhead_s;
    j["playing"] = input.playing;
  }
  return j;
}

// The finite number j[key] into out; "" or why not.
std::string read_number(const json& j, const char* key, double& out) {
  const auto it = j.find(key);
  if (it == j.end()) return std::string("'") + key + "' is missing";
  if (!it->is_number() || !std::isfinite(it->get<double>()))
    return std::string("'") + key + "' is not a finite number";
  out = it->get<double>();
  return {};
}

std::string read_string(const json& j, const char* key, std::string& out) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return std::string("'") + key + "' is not a name";
  out = it->get<std::string>();
  return {};
}

// The play fields of j ("play", and for a clip its name, playhead and playing) into input.
std::string read_play(const json& j, RecordedInput& input) {
  input.kind = RecordedInput::Kind::Play;
  std::string play;
  if (std::string e = read_string(j, "play", play); !e.empty()) return e;
  if (play == "graph") {
    input.mode = PlayMode::Graph;
  } else if (play == "rest") {
    input.mode = PlayMode::RestPose;
  } else if (play == "clip") {
    input.mode = PlayMode::ClipPreview;
    if (std::string e = read_string(j, "clip", input.name); !e.empty()) return e;
    if (std::string e = read_number(j, "playhead", input.playhead_s); !e.empty()) return e;
    const auto playing = j.find("playing");
    if (playing != j.end() && !playing->is_boolean()) return "'playing' is not true or false";
    input.playing = playing == j.end() || playing->get<bool>();
  } else {
    return "'play' is '" + play + "', not graph, clip or rest";
  }
  return {};
}

// The clock fields of j ("clock_speed", "loop") into input.
std::string read_clock(const json& j, RecordedInput& input) {
  input.kind = RecordedInput::Kind::Clock;
  if (std::string e = read_number(j, "clock_speed", input.speed); !e.empty()) return e;
  if (input.speed < 0.0) return "'clock_speed' is negative";
  std::string loop;
  if (std::string e = read_string(j, "loop", loop); !e.empty()) return e;
  if (!anim::parse_playback_mode(loop, input.loop)) {
    return "'loop' is '" + loop + "', not loop, once or ping_pong";
  }
  return {};
}

// The list of names j[key] into out.
std::string read_names(const json& j, const char* key, std::vector<std::string>& out) {
  const auto it = j.find(key);
  const auto is_name = [](const json& e) { return e.is_string(); };
  if (it == j.end() || !it->is_array() || !std::all_of(it->begin(), it->end(), is_name))
    return std::string("'") + key + "' is not a list of clip names";
  out = it->get<std::vector<std::string>>();
  return {};
}

// "weights": {group name: weight}, each group named once; groups left out keep the default.
std::string read_weights(const json& j, std::array<float, anim::kFeatureGroupCount>& out) {
  const auto it = j.find("weights");
  if (it == j.end() || !it->is_object()) return "'weights' is not an object of feature groups";
  for (const auto& [name, value] : it->items()) {
    int group = -1;
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      if (name == anim::feature_group_layout(g).name) group = g;
    }
    if (group < 0) return "'weights' names no feature group '" + name + "'";
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0.0)
      return "the weight of '" + name + "' is not a finite number of at least 0";
    out[static_cast<std::size_t>(group)] = value.get<float>();
  }
  return {};
}

// The motion-matching fields of j into input.
std::string read_motion_matching(const json& j, RecordedInput& input) {
  input.kind = RecordedInput::Kind::MotionMatching;
  RecordedMotionMatching& m = input.motion_matching;
  std::string event;
  if (std::string e = read_string(j, "motion_matching", event); !e.empty()) return e;
  if (event == "stop") {
    m.event = RecordedMotionMatching::Event::Stop;
    return {};
  }
  if (event == "start") {
    m.event = RecordedMotionMatching::Event::Start;
    if (std::string e = read_names(j, "clips", m.database_clips); !e.empty()) return e;
    const auto mirrored = j.find("mirrored");
    if (mirrored != j.end() && !mirrored->is_boolean()) return "'mirrored' is not true or false";
    m.mirrored = mirrored != j.end() && mirrored->get<bool>();
  } else if (event == "settings") {
    m.event = RecordedMotionMatching::Event::Settings;
  } else {
    return "'motion_matching' is '" + event + "', not start, settings or stop";
  }
  if (std::string e = read_weights(j, m.weights); !e.empty()) return e;
  return read_names(j, "disabled_clips", m.disabled_clips);
}

// "steer": [x, y, z] (m/s, world) and "facing" (radians) into input.
std::string read_steering(const json& j, RecordedInput& input) {
  input.kind = RecordedInput::Kind::Steering;
  const json& steer = j["steer"];
  const auto finite = [](const json& e) { return e.is_number() && std::isfinite(e.get<double>()); };
  if (!steer.is_array() || steer.size() != 3 || !std::all_of(steer.begin(), steer.end(), finite))
    return "'steer' is not a velocity of three finite numbers";
  input.velocity = {steer[0].get<float>(), steer[1].get<float>(), steer[2].get<float>()};
  double facing = 0.0;
  if (std::string e = read_number(j, "facing", facing); !e.empty()) return e;
  input.yaw_rad = static_cast<float>(facing);
  return {};
}

// One input; previous_s is the time of the input before it.
std::string read_input(const json& j, double duration_s, double previous_s, RecordedInput& out) {
  if (!j.is_object()) return "not an object";
  if (std::string e = read_number(j, "t", out.time_s); !e.empty()) return e;
  if (out.time_s < 0.0 || out.time_s > duration_s)
    return "its time " + std::to_string(out.time_s) + " s lies outside the recording";
  if (out.time_s < previous_s) return "its time comes before the input above it";
  if (j.contains("play")) return read_play(j, out);
  if (j.contains("clock_speed")) return read_clock(j, out);
  if (j.contains("motion_matching")) return read_motion_matching(j, out);
  if (j.contains("steer")) return read_steering(j, out);
  out.kind = RecordedInput::Kind::Parameter;
  if (std::string e = read_string(j, "parameter", out.name); !e.empty())
    return "none of 'play', 'clock_speed', 'motion_matching', 'steer' or 'parameter' (" + e + ")";
  double value = 0.0;
  if (std::string e = read_number(j, "value", value); !e.empty()) return e;
  out.value = static_cast<float>(value);
  return {};
}

}  // namespace

std::string recording_to_json(const InputRecording& recording) {
  json inputs = json::array();
  for (const RecordedInput& input : recording.inputs) inputs.push_back(input_to_json(input));
  const json j = {{"animview_recording", kRecordingVersion},
                  {"duration_s", recording.duration_s},
                  {"inputs", std::move(inputs)}};
  return j.dump(1) + "\n";
}

std::string recording_from_json(const std::string& text, const std::string& file_name,
                                InputRecording& out) {
  out = {};
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return file_name + ": not a JSON file";
  if (!j.is_object() || !j.contains("animview_recording"))
    return file_name + ": not an animview recording (no \"animview_recording\" version)";
  const json& version = j["animview_recording"];
  if (!version.is_number_integer() || version.get<int>() < kOldestVersion ||
      version.get<int>() > kRecordingVersion) {
    return file_name + ": recording version " + version.dump() + ", this animview reads versions " +
           std::to_string(kOldestVersion) + " to " + std::to_string(kRecordingVersion);
  }
  InputRecording recording;
  if (std::string e = read_number(j, "duration_s", recording.duration_s); !e.empty())
    return file_name + ": " + e;
  if (recording.duration_s <= 0.0) return file_name + ": 'duration_s' must be above 0";
  const auto inputs = j.find("inputs");
  if (inputs == j.end() || !inputs->is_array()) return file_name + ": 'inputs' is not a list";
  double previous_s = 0.0;
  for (std::size_t i = 0; i < inputs->size(); ++i) {
    RecordedInput input;
    if (std::string e = read_input((*inputs)[i], recording.duration_s, previous_s, input);
        !e.empty()) {
      return file_name + ": input " + std::to_string(i + 1) + ": " + e;
    }
    previous_s = input.time_s;
    recording.inputs.push_back(std::move(input));
  }
  out = std::move(recording);
  return {};
}

std::string save_recording(const InputRecording& recording, const std::string& path) {
  return importer::write_file_atomically(path, recording_to_json(recording));
}

std::string load_recording(const std::string& path, InputRecording& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot be read";
  std::ostringstream text;
  text << in.rdbuf();
  return recording_from_json(text.str(), path, out);
}

}  // namespace app
