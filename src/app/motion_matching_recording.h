#pragma once
// The motion-matching mode in a live recording (#40): what the mode consumes each frame (the
// steering: desired velocity and facing) and what sets it up (its start with the database's
// clips, mirroring and weights; later weights and clips the search may not choose; its stop),
// noted as recorded inputs while recording and applied to a mode of the replay's own, so a
// session steered with keys or a stick replays headless through the same frame path.

#include <array>
#include <string>
#include <vector>

#include "app/motion_matching_mode.h"
#include "app/recorded_input.h"
#include "app/viewer_scene.h"

namespace app {

// Notes, between a recording's updates, what the mode did since the last note. The first note
// after reset() gives the mode's whole state (its start and steering when it is on).
class MotionMatchingNotes {
 public:
  void reset() { *this = {}; }

  // Appends to out, at time_s, the mode's start or stop, its new settings, and the steering its
  // last step consumed when it differs from the last noted.
  void note(const MotionMatchingMode& mode, const ViewerScene& scene, double time_s,
            std::vector<RecordedInput>& out);

 private:
  bool first_ = true;
  bool active_ = false;
  int starts_ = 0;
  RecordedMotionMatching settings_;
  SteeringInput steering_;
};

// The motion-matching inputs' clip names that scene lacks: "" or the cause naming the first.
std::string check_motion_matching_clips(const InputRecording& recording, const ViewerScene& scene);

// Applies a MotionMatching input to mode (started, re-set or stopped on scene) or a Steering
// input to steering. Returns "" or why the mode could not start.
std::string apply_motion_matching(const RecordedInput& input, ViewerScene& scene,
                                  MotionMatchingMode& mode, SteeringInput& steering);

}  // namespace app
