#pragma once
// Live recording (#40): what the user drives in the viewer (the blend-space point and the other
// graph parameters, the triggers fired, the clip on the timeline, its playhead, the
// motion-matching mode and its steering) kept as inputs (app/recorded_input.h) with their
// times, not as pictures. A replay applies the same inputs at the same times through the same
// calls (parameters set, the motion-matching step, then ViewerScene::update), in fixed steps of
// the video's frame rate, so the video plays smoothly however slowly the screen drew while
// recording.

#include <string>
#include <vector>

#include "anim/parameters.h"
#include "app/motion_matching_mode.h"
#include "app/motion_matching_recording.h"
#include "app/recorded_input.h"
#include "app/viewer_scene.h"
#include "visual/view_settings.h"

namespace app {

// Starts scene's character over on a freshly bound instance (its post-process stack bound
// again): where both a recording and its replay start. Returns "" or the cause.
std::string restart_character(const project::Project& project, ViewerScene& scene);

// Records the inputs given to a scene between its updates. update() stands in for
// ViewerScene::update while the viewer records: it notes what changed since the last update
// (the user's doing), then updates. Changes made by the update itself (a trigger consumed, the
// playhead advanced) are not inputs.
class LiveRecorder {
 public:
  // Starts recording: the character starts over (restart_character), and so does
  // motion_matching when given and on (its restart); what plays, every parameter's value and
  // the motion-matching mode's state become the first inputs. The mode, when given, is noted
  // at each update until stop() and must outlive the recording. Returns "" or the cause (then
  // not recording).
  // project: the scene's, whose post-process stack the restarted character binds again.
  std::string start(ViewerScene& scene, const project::Project& project,
                    MotionMatchingMode* motion_matching = nullptr);

  // Ends the recording and hands it over.
  InputRecording stop();

  bool recording() const { return recording_; }
  double elapsed_s() const { return recording_ ? recording_data_.duration_s : 0.0; }

  // scene.update(dt_s, view), with the inputs given since the last call recorded first when
  // recording (the motion-matching mode's: its step this frame came just before). Returns what
  // scene.update returns.
  std::string update(ViewerScene& scene, float dt_s, const visual::SceneView& view);

 private:
  void note_inputs(const ViewerScene& scene);

  bool recording_ = false;
  InputRecording recording_data_;
  const MotionMatchingMode* motion_matching_ = nullptr;
  MotionMatchingNotes motion_matching_notes_;
  // What the scene held after the last update: a difference before the next one is an input.
  std::vector<anim::Parameter> last_parameters_;
  PlayMode last_mode_ = PlayMode::Graph;
  int last_clip_ = -1;
  double last_playhead_s_ = 0.0;
  bool last_playing_ = true;
  double last_speed_ = 1.0;
  anim::PlaybackMode last_loop_ = anim::PlaybackMode::Loop;
};

// Plays a recording on a scene in steps the caller chooses (a video's 1 / fps). The recording
// is borrowed: it must outlive the replay. Motion matching plays on a mode of the replay's own,
// steered by the recorded steering; finish() gives the scene's player back from it.
class RecordingReplay {
 public:
  explicit RecordingReplay(const InputRecording& recording) : recording_(recording) {}

  // Stops the replay's motion matching on scene (its pose goes with the replay).
  void finish(ViewerScene& scene);

  // Checks that scene has every parameter and clip the recording names, then starts the
  // character over (restart_character) at time 0; parameters the recording does not set keep
  // their values (the project's, or --param's). Returns "" or the cause naming the first
  // missing name.
  std::string start(ViewerScene& scene, const project::Project& project);

  // One frame: applies, each once and in order, the inputs given up to time_s(), then updates
  // scene by dt_s (the first frame of a video: 0) and moves time_s() on by dt_s.
  std::string step(ViewerScene& scene, double dt_s, const visual::SceneView& view);

  // A video's frame at time_s: the first call takes the step of 0 that starts the replay, then
  // steps of step_s bring time_s() up to time_s (a video's frames are step_s apart).
  std::string play_to(ViewerScene& scene, double time_s, double step_s,
                      const visual::SceneView& view);

  double time_s() const { return time_s_; }

  // What a video's burn-in adds for the frame scene shows: while motion matching plays, its clip
  // and the speed asked for ("motion matching walk_forward, asked 1.40 m/s"); else the graph's
  // lines (app/graph_overlay.h).
  std::vector<std::string> overlay_lines(const ViewerScene& scene) const;

 private:
  std::string apply(const RecordedInput& input, ViewerScene& scene);

  const InputRecording& recording_;
  MotionMatchingMode motion_matching_;
  SteeringInput steering_;
  std::size_t next_ = 0;
  double time_s_ = 0.0;
  bool stepped_ = false;  // since start()
};

}  // namespace app
