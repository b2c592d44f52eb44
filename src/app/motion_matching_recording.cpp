#include "app/motion_matching_recording.h"

#include <algorithm>

namespace app {
namespace {

// The names of the scene's clips whose flag is 0 (a flag list shorter than the clips: the rest
// count as 1).
std::vector<std::string> clips_flagged_off(const std::vector<std::uint8_t>& flags,
                                           const ViewerScene& scene) {
  std::vector<std::string> names;
  for (std::size_t c = 0; c < flags.size() && c < scene.clips().size(); ++c) {
    if (flags[c] == 0) names.push_back(scene.clips()[c].name);
  }
  return names;
}

// Per scene clip: 0 for the named ones, 1 for the others.
std::vector<std::uint8_t> flags_off_for(const std::vector<std::string>& names,
                                        const ViewerScene& scene) {
  std::vector<std::uint8_t> flags(scene.clips().size(), 1);
  for (std::size_t c = 0; c < flags.size(); ++c) {
    if (std::find(names.begin(), names.end(), scene.clips()[c].name) != names.end()) flags[c] = 0;
  }
  return flags;
}

RecordedMotionMatching settings_of(const MotionMatchingMode& mode, const ViewerScene& scene) {
  RecordedMotionMatching m;
  m.event = RecordedMotionMatching::Event::Settings;
  m.weights = mode.weights().group;
  m.disabled_clips = clips_flagged_off(mode.clip_enabled, scene);
  return m;
}

RecordedInput motion_matching_input(double time_s, RecordedMotionMatching m) {
  RecordedInput input;
  input.time_s = time_s;
  input.kind = RecordedInput::Kind::MotionMatching;
  input.motion_matching = std::move(m);
  return input;
}

}  // namespace

void MotionMatchingNotes::note(const MotionMatchingMode& mode, const ViewerScene& scene,
                               double time_s, std::vector<RecordedInput>& out) {
  const bool started = mode.active() && (first_ || !active_ || mode.starts() != starts_);
  if (!mode.active() && active_) {
    RecordedMotionMatching stop;
    stop.event = RecordedMotionMatching::Event::Stop;
    out.push_back(motion_matching_input(time_s, std::move(stop)));
  }
  first_ = false;
  active_ = mode.active();
  starts_ = mode.starts();
  if (!mode.active()) return;
  RecordedMotionMatching settings = settings_of(mode, scene);
  if (started) {
    RecordedMotionMatching start = settings;
    start.event = RecordedMotionMatching::Event::Start;
    start.mirrored = mode.mirrored();
    const std::vector<std::string> left_out = clips_flagged_off(mode.clip_included(), scene);
    for (const anim::Clip& clip : scene.clips()) {
      if (std::find(left_out.begin(), left_out.end(), clip.name) == left_out.end())
        start.database_clips.push_back(clip.name);
    }
    out.push_back(motion_matching_input(time_s, std::move(start)));
  } else if (settings != settings_) {
    out.push_back(motion_matching_input(time_s, settings));
  }
  settings_ = std::move(settings);
  const SteeringInput& steering = mode.input();
  if (started || steering.velocity != steering_.velocity || steering.yaw_rad != steering_.yaw_rad) {
    RecordedInput input;
    input.time_s = time_s;
    input.kind = RecordedInput::Kind::Steering;
    input.velocity = steering.velocity;
    input.yaw_rad = steering.yaw_rad;
    out.push_back(std::move(input));
  }
  steering_ = steering;
}

std::string check_motion_matching_clips(const InputRecording& recording, const ViewerScene& scene) {
  for (const RecordedInput& input : recording.inputs) {
    if (input.kind != RecordedInput::Kind::MotionMatching) continue;
    for (const auto* names :
         {&input.motion_matching.database_clips, &input.motion_matching.disabled_clips}) {
      for (const std::string& name : *names) {
        if (scene.find_clip(name) < 0) {
          return "its motion matching names a clip '" + name + "' that " +
                 scene.character.source_path + " does not have";
        }
      }
    }
  }
  return {};
}

std::string apply_motion_matching(const RecordedInput& input, ViewerScene& scene,
                                  MotionMatchingMode& mode, SteeringInput& steering) {
  if (input.kind == RecordedInput::Kind::Steering) {
    steering = {input.velocity, input.yaw_rad, false};
    return {};
  }
  const RecordedMotionMatching& m = input.motion_matching;
  if (m.event == RecordedMotionMatching::Event::Stop) {
    mode.stop(scene);
    return {};
  }
  anim::FeatureWeights weights;
  weights.group = m.weights;
  if (m.event == RecordedMotionMatching::Event::Start) {
    std::vector<std::string> left_out;
    for (const anim::Clip& clip : scene.clips()) {
      if (std::find(m.database_clips.begin(), m.database_clips.end(), clip.name) ==
          m.database_clips.end())
        left_out.push_back(clip.name);
    }
    if (std::string e = mode.start(scene, flags_off_for(left_out, scene), weights, m.mirrored);
        !e.empty()) {
      return "motion matching could not start: " + e;
    }
  } else {
    mode.set_weights(weights);
  }
  mode.clip_enabled = flags_off_for(m.disabled_clips, scene);
  return {};
}

}  // namespace app
