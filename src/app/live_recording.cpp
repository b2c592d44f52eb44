#include "app/live_recording.h"

#include <cstdio>
#include <utility>

#include "app/graph_overlay.h"

namespace app {
namespace {

// How far past the replay's clock an input may lie and still be applied in this frame: the
// recording's times are sums of float steps, the replay's of 1 / fps.
constexpr double kTimeTolerance_s = 1e-9;

// LiveRecorder's last clip before its first update (no clip is -1).
constexpr int kNothingYet = -2;

RecordedInput play_input(const ViewerScene& scene, double time_s) {
  RecordedInput input;
  input.time_s = time_s;
  input.kind = RecordedInput::Kind::Play;
  input.mode = scene.mode;
  if (scene.mode == PlayMode::ClipPreview && scene.timeline_clip() >= 0) {
    input.name = scene.clips()[scene.timeline_clip()].name;
    input.playhead_s = scene.clock.time_s();
    input.playing = scene.clock.playing();
  }
  return input;
}

RecordedInput clock_input(const ViewerScene& scene, double time_s) {
  RecordedInput input;
  input.time_s = time_s;
  input.kind = RecordedInput::Kind::Clock;
  input.speed = scene.clock.speed();
  input.loop = scene.clock.mode();
  return input;
}

}  // namespace

std::string restart_character(const project::Project& project, ViewerScene& scene) {
  if (!scene.loaded) return "nothing is open";
  anim::CharacterInstance fresh;
  if (std::string e = fresh.bind(*scene.bound.character, scene.graph()); !e.empty()) return e;
  if (std::string e = fresh.set_settings(scene.settings); !e.empty()) return e;
  scene.instance = std::move(fresh);
  return scene.rebind_post_process(project);
}

std::string LiveRecorder::start(ViewerScene& scene, const project::Project& project,
                                MotionMatchingMode* motion_matching) {
  if (std::string e = restart_character(project, scene); !e.empty()) return e;
  if (motion_matching != nullptr) {
    if (std::string e = motion_matching->restart(scene); !e.empty()) return e;
  }
  motion_matching_ = motion_matching;
  motion_matching_notes_.reset();
  recording_ = true;
  recording_data_ = {};
  // Nothing is "last": every parameter, what plays and the clock are first-frame inputs.
  last_parameters_.clear();
  last_clip_ = kNothingYet;
  return {};
}

InputRecording LiveRecorder::stop() {
  recording_ = false;
  motion_matching_ = nullptr;
  return std::exchange(recording_data_, {});
}

void LiveRecorder::note_inputs(const ViewerScene& scene) {
  const double now_s = recording_data_.duration_s;
  const std::vector<anim::Parameter>& now = scene.parameters.all();
  for (std::size_t i = 0; i < now.size(); ++i) {
    const bool same = i < last_parameters_.size() && last_parameters_[i].name == now[i].name &&
                      last_parameters_[i].value == now[i].value;
    if (same) continue;
    RecordedInput input;
    input.time_s = now_s;
    input.name = now[i].name;
    input.value = now[i].value;
    recording_data_.inputs.push_back(std::move(input));
  }
  // The playhead moves only in updates (and when the user scrubs): a jump is an input.
  const bool previewing = scene.mode == PlayMode::ClipPreview;
  if (scene.mode != last_mode_ || scene.timeline_clip() != last_clip_ ||
      (previewing &&
       (scene.clock.time_s() != last_playhead_s_ || scene.clock.playing() != last_playing_))) {
    recording_data_.inputs.push_back(play_input(scene, now_s));
  }
  if (last_clip_ == kNothingYet || scene.clock.speed() != last_speed_ ||
      scene.clock.mode() != last_loop_) {
    recording_data_.inputs.push_back(clock_input(scene, now_s));
  }
  if (motion_matching_ != nullptr) {
    motion_matching_notes_.note(*motion_matching_, scene, now_s, recording_data_.inputs);
  }
}

std::string LiveRecorder::update(ViewerScene& scene, float dt_s, const visual::SceneView& view) {
  if (!recording_ || !scene.loaded) return scene.update(dt_s, view);
  note_inputs(scene);
  std::string error = scene.update(dt_s, view);
  recording_data_.duration_s += dt_s;
  last_parameters_ = scene.parameters.all();
  last_mode_ = scene.mode;
  last_clip_ = scene.timeline_clip();
  last_playhead_s_ = scene.clock.time_s();
  last_playing_ = scene.clock.playing();
  last_speed_ = scene.clock.speed();
  last_loop_ = scene.clock.mode();
  return error;
}

std::string RecordingReplay::start(ViewerScene& scene, const project::Project& project) {
  if (std::string e = check_motion_matching_clips(recording_, scene); !e.empty()) return e;
  for (const RecordedInput& input : recording_.inputs) {
    if (input.kind == RecordedInput::Kind::Parameter && scene.parameters.find(input.name) < 0) {
      return "it sets a parameter '" + input.name + "' that " + scene.character.source_path +
             "'s graph does not have";
    }
    if (input.kind == RecordedInput::Kind::Play && input.mode == PlayMode::ClipPreview &&
        scene.find_clip(input.name) < 0) {
      return "it plays a clip '" + input.name + "' that " + scene.character.source_path +
             " does not have";
    }
  }
  next_ = 0;
  time_s_ = 0.0;
  stepped_ = false;
  finish(scene);
  steering_ = {};
  return restart_character(project, scene);
}

void RecordingReplay::finish(ViewerScene& scene) {
  if (motion_matching_.active()) motion_matching_.stop(scene);
}

std::string RecordingReplay::apply(const RecordedInput& input, ViewerScene& scene) {
  switch (input.kind) {
    case RecordedInput::Kind::Parameter:
      scene.parameters.set(scene.parameters.find(input.name), input.value);
      return {};
    case RecordedInput::Kind::Clock:
      scene.clock.set_speed(input.speed);
      scene.clock.set_mode(input.loop);
      return {};
    case RecordedInput::Kind::MotionMatching:
    case RecordedInput::Kind::Steering:
      return apply_motion_matching(input, scene, motion_matching_, steering_);
    case RecordedInput::Kind::Play:
      break;
  }
  scene.mode = input.mode;
  if (input.mode != PlayMode::ClipPreview) return {};
  scene.preview(scene.find_clip(input.name));
  scene.clock.seek(input.playhead_s);
  scene.clock.set_playing(input.playing);
  return {};
}

std::string RecordingReplay::step(ViewerScene& scene, double dt_s, const visual::SceneView& view) {
  const std::vector<RecordedInput>& inputs = recording_.inputs;
  while (next_ < inputs.size() && inputs[next_].time_s <= time_s_ + kTimeTolerance_s) {
    if (std::string e = apply(inputs[next_++], scene); !e.empty()) return e;
  }
  time_s_ += dt_s;
  stepped_ = true;
  // As the viewer's frame: the motion-matching step, then the scene's update.
  if (std::string e = motion_matching_.step(steering_, static_cast<float>(dt_s), scene);
      !e.empty()) {
    return e;
  }
  return scene.update(static_cast<float>(dt_s), view);
}

std::vector<std::string> RecordingReplay::overlay_lines(const ViewerScene& scene) const {
  if (!motion_matching_.active()) return graph_overlay_lines(scene);
  const int clip = motion_matching_.controller().current_clip();
  std::string name = clip >= 0 && static_cast<std::size_t>(clip) < scene.clips().size()
                         ? scene.clips()[static_cast<std::size_t>(clip)].name
                         : std::string("(none)");
  if (motion_matching_.controller().current_mirrored()) name += " (mirrored)";
  char speed[48];
  std::snprintf(speed, sizeof speed, ", asked %.2f m/s", glm::length(steering_.velocity));
  return {"motion matching " + name + speed};
}

std::string RecordingReplay::play_to(ViewerScene& scene, double time_s, double step_s,
                                     const visual::SceneView& view) {
  std::string e = stepped_ ? std::string() : step(scene, 0.0, view);
  while (e.empty() && time_s_ < time_s - 1e-9) e = step(scene, step_s, view);
  return e;
}

}  // namespace app
