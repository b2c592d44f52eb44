#include "app/recording_file.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "asset/atomic_write.h"

namespace app {
namespace {

using nlohmann::json;

constexpr int kRecordingVersion = 1;

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

json input_to_json(const RecordedInput& input) {
  json j = {{"t", input.time_s}};
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

// One input; previous_s is the time of the input before it.
std::string read_input(const json& j, double duration_s, double previous_s, RecordedInput& out) {
  if (!j.is_object()) return "not an object";
  if (std::string e = read_number(j, "t", out.time_s); !e.empty()) return e;
  if (out.time_s < 0.0 || out.time_s > duration_s)
    return "its time " + std::to_string(out.time_s) + " s lies outside the recording";
  if (out.time_s < previous_s) return "its time comes before the input above it";
  if (j.contains("play")) return read_play(j, out);
  if (j.contains("clock_speed")) return read_clock(j, out);
  out.kind = RecordedInput::Kind::Parameter;
  if (std::string e = read_string(j, "parameter", out.name); !e.empty())
    return "neither 'play', 'clock_speed' nor 'parameter' (" + e + ")";
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
  if (j["animview_recording"] != kRecordingVersion) {
    return file_name + ": recording version " + j["animview_recording"].dump() +
           ", this animview reads version " + std::to_string(kRecordingVersion);
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
  return asset::write_file_atomically(path, recording_to_json(recording));
}

std::string load_recording(const std::string& path, InputRecording& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot be read";
  std::ostringstream text;
  text << in.rdbuf();
  return recording_from_json(text.str(), path, out);
}

}  // namespace app
