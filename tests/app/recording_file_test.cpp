// A live recording as JSON (#40): saved and loaded back unchanged, and a malformed file refused
// with a message that names the file and the input at fault.
#include "app/recording_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/temp_files.h"

namespace app {
namespace {

InputRecording sample_recording() {
  InputRecording r;
  r.duration_s = 2.0 / 3.0;
  r.inputs.push_back({0.0, RecordedInput::Kind::Play, "", 0.0f, PlayMode::Graph});
  r.inputs.push_back({0.0, RecordedInput::Kind::Parameter, "velocity_x", 0.1f});
  r.inputs.push_back({0.1 / 3.0, RecordedInput::Kind::Parameter, "velocity_z", -1.0f / 3.0f});
  r.inputs.push_back(
      {0.25, RecordedInput::Kind::Play, "walk_forward", 0.0f, PlayMode::ClipPreview, 0.7, false});
  r.inputs.push_back({0.3, RecordedInput::Kind::Clock, "", 0.0f, PlayMode::Graph, 0.0, true, 0.25,
                      anim::PlaybackMode::PingPong});
  r.inputs.push_back({0.5, RecordedInput::Kind::Play, "", 0.0f, PlayMode::RestPose});
  RecordedInput mm{0.5, RecordedInput::Kind::MotionMatching, ""};
  mm.motion_matching.database_clips = {"idle", "walk_forward"};
  mm.motion_matching.mirrored = true;
  mm.motion_matching.weights[3] = 1.0f / 3.0f;
  r.inputs.push_back(mm);
  RecordedInput steer{0.55, RecordedInput::Kind::Steering, ""};
  steer.velocity = {0.1f, 0.0f, -1.0f / 7.0f};
  steer.yaw_rad = -2.5f;
  r.inputs.push_back(steer);
  mm.time_s = 0.6;
  mm.motion_matching = {RecordedMotionMatching::Event::Settings, {}, false, {0, 1, 2, 3, 4}};
  mm.motion_matching.disabled_clips = {"walk_forward"};
  r.inputs.push_back(mm);
  mm.motion_matching = {RecordedMotionMatching::Event::Stop};
  r.inputs.push_back(mm);
  return r;
}

// The head of a version-2 recording 1 s long whose first input is the text given.
std::string with_input(const std::string& input) {
  return R"({"animview_recording": 2, "duration_s": 1, "inputs": [)" + input + "]}";
}

TEST(RecordingFile, SavesAndLoadsBackTheSameRecording) {
  const std::filesystem::path dir = test::make_temp_dir();
  const std::string path = (dir / "rec.json").string();
  const InputRecording saved = sample_recording();
  ASSERT_EQ(save_recording(saved, path), "");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  InputRecording loaded;
  ASSERT_EQ(load_recording(path, loaded), "");
  EXPECT_EQ(loaded, saved);
  EXPECT_EQ(loaded.inputs[2].value, -1.0f / 3.0f) << "floats come back bit for bit";
  EXPECT_EQ(loaded.inputs[7].velocity.z, -1.0f / 7.0f);
}

TEST(RecordingFile, AVersionOneRecordingStillLoads) {
  InputRecording out;
  ASSERT_EQ(recording_from_json(R"({"animview_recording": 1, "duration_s": 0.5, "inputs": [
      {"t": 0, "play": "graph"}, {"t": 0.25, "parameter": "velocity_x", "value": 0.5}]})",
                                "old.json", out),
            "");
  ASSERT_EQ(out.inputs.size(), 2u);
  EXPECT_EQ(out.inputs[1].kind, RecordedInput::Kind::Parameter);
  EXPECT_EQ(out.inputs[1].value, 0.5f);
}

TEST(RecordingFile, RefusesMalformedMotionMatchingNamingTheFileAndInput) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {with_input(R"({"t": 0, "motion_matching": "pause"})"),
       "r.json: input 1: 'motion_matching' is 'pause', not start, settings or stop"},
      {with_input(R"({"t": 0, "motion_matching": "start", "clips": "idle"})"),
       "r.json: input 1: 'clips' is not a list of clip names"},
      {with_input(R"({"t": 0, "motion_matching": "start", "clips": ["idle", 3]})"),
       "r.json: input 1: 'clips' is not a list of clip names"},
      {with_input(R"({"t": 0, "motion_matching": "start", "clips": [], "mirrored": "no"})"),
       "r.json: input 1: 'mirrored' is not true or false"},
      {with_input(R"({"t": 0, "motion_matching": "settings", "weights": [1, 2]})"),
       "r.json: input 1: 'weights' is not an object of feature groups"},
      {with_input(R"({"t": 0, "motion_matching": "settings", "weights": {"speed": 1}})"),
       "r.json: input 1: 'weights' names no feature group 'speed'"},
      {with_input(R"({"t": 0, "motion_matching": "settings",
                      "weights": {"hips_velocity": -1}})"),
       "r.json: input 1: the weight of 'hips_velocity' is not a finite number of at least 0"},
      {with_input(R"({"t": 0, "motion_matching": "settings", "weights": {}})"),
       "r.json: input 1: 'disabled_clips' is not a list of clip names"},
      {with_input(R"({"t": 0, "steer": [1, 0], "facing": 0})"),
       "r.json: input 1: 'steer' is not a velocity of three finite numbers"},
      {with_input(R"({"t": 0, "steer": [1, 0, "fast"], "facing": 0})"),
       "r.json: input 1: 'steer' is not a velocity of three finite numbers"},
      {with_input(R"({"t": 0, "steer": [1, 0, 0]})"), "r.json: input 1: 'facing' is missing"},
  };
  for (const auto& [text, message] : cases) {
    InputRecording out = sample_recording();
    EXPECT_EQ(recording_from_json(text, "r.json", out), message) << text;
    EXPECT_TRUE(out.inputs.empty()) << "nothing half-read is left: " << text;
  }
}

TEST(RecordingFile, RefusesMalformedFilesNamingTheFileAndCause) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"animview_recording\": 1, ", "r.json: not a JSON file"},
      {"[1, 2]", "r.json: not an animview recording (no \"animview_recording\" version)"},
      {R"({"animview_recording": 3, "duration_s": 1, "inputs": []})",
       "r.json: recording version 3, this animview reads versions 1 to 2"},
      {R"({"animview_recording": 1, "duration_s": "long", "inputs": []})",
       "r.json: 'duration_s' is not a finite number"},
      {R"({"animview_recording": 1, "duration_s": 0, "inputs": []})",
       "r.json: 'duration_s' must be above 0"},
      {R"({"animview_recording": 1, "duration_s": 1})", "r.json: 'inputs' is not a list"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [{"t": 0, "value": 1}]})",
       "r.json: input 1: none of 'play', 'clock_speed', 'motion_matching', 'steer' or "
       "'parameter' ('parameter' is not a name)"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [{"t": 2, "play": "graph"}]})",
       "r.json: input 1: its time 2.000000 s lies outside the recording"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [
         {"t": 0.5, "play": "graph"}, {"t": 0.25, "play": "graph"}]})",
       "r.json: input 2: its time comes before the input above it"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [
         {"t": 0, "parameter": "x", "value": null}]})",
       "r.json: input 1: 'value' is not a finite number"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [{"t": 0, "play": "dance"}]})",
       "r.json: input 1: 'play' is 'dance', not graph, clip or rest"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [{"t": 0, "play": "clip"}]})",
       "r.json: input 1: 'clip' is not a name"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [
         {"t": 0, "play": "clip", "clip": "walk", "playhead": 0, "playing": 1}]})",
       "r.json: input 1: 'playing' is not true or false"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [
         {"t": 0, "clock_speed": -2, "loop": "loop"}]})",
       "r.json: input 1: 'clock_speed' is negative"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [
         {"t": 0, "clock_speed": 1, "loop": "twice"}]})",
       "r.json: input 1: 'loop' is 'twice', not loop, once or ping_pong"},
      {R"({"animview_recording": 1, "duration_s": 1, "inputs": [{"t": 0, "clock_speed": 1}]})",
       "r.json: input 1: 'loop' is not a name"},
  };
  for (const auto& [text, message] : cases) {
    InputRecording out = sample_recording();
    EXPECT_EQ(recording_from_json(text, "r.json", out), message) << text;
    EXPECT_TRUE(out.inputs.empty()) << "nothing half-read is left: " << text;
  }
  InputRecording out;
  EXPECT_EQ(load_recording("/nonexistent/rec.json", out), "/nonexistent/rec.json: cannot be read");
}

}  // namespace
}  // namespace app
