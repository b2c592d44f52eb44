#pragma once
// A live recording's inputs (#40): what the user gave the viewer, with its time. Recorded by
// app/live_recording.h, kept as JSON by app/recording_file.h.

#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/motion_matching_database.h"
#include "anim/playback.h"
#include "app/viewer_scene.h"

namespace app {

// The motion-matching mode (app/motion_matching_mode.h) started (its database's clips, their
// mirrored copies, the weights, the clips the search may not choose), re-set (weights, clips
// the search may not choose) or stopped.
struct RecordedMotionMatching {
  enum class Event { Start, Settings, Stop };
  Event event = Event::Start;
  std::vector<std::string> database_clips{};  // Start
  bool mirrored = false;                      // Start
  std::array<float, anim::kFeatureGroupCount> weights = anim::FeatureWeights{}.group;
  std::vector<std::string> disabled_clips{};

  bool operator==(const RecordedMotionMatching&) const = default;
};

// One input, given time_s seconds into the recording: it takes effect in the frame that starts
// then. Either a parameter's new value (a drag of the blend-space point, a bool, a trigger
// fired), what plays (the graph, the rest pose, or clip from playhead_s, playing or paused),
// the clip clock's speed and loop mode (which leave its playhead where the replay has it), the
// motion-matching mode's start, settings or stop, or its steering (the desired velocity and
// facing the keys, the stick or the ground target gave; it holds until the next).
struct RecordedInput {
  enum class Kind { Parameter, Play, Clock, MotionMatching, Steering };
  double time_s = 0.0;
  Kind kind = Kind::Parameter;
  std::string name;  // the parameter's; for Play, the clip's (empty unless mode is ClipPreview)
  float value = 0.0f;
  PlayMode mode = PlayMode::Graph;
  double playhead_s = 0.0;
  bool playing = true;
  double speed = 1.0;  // Clock
  anim::PlaybackMode loop = anim::PlaybackMode::Loop;
  RecordedMotionMatching motion_matching{};  // MotionMatching
  glm::vec3 velocity{0.0f};                  // Steering: world, m/s
  float yaw_rad = 0.0f;                      // Steering: the facing asked for

  bool operator==(const RecordedInput&) const = default;
};

// A recording: its length and its inputs in time order. The first inputs (at 0 s) say what
// played, the clock's speed and loop mode, and every parameter's value when it started.
struct InputRecording {
  double duration_s = 0.0;
  std::vector<RecordedInput> inputs;

  bool operator==(const InputRecording&) const = default;
};

}  // namespace app
