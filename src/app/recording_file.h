#pragma once
// A live recording (app/live_recording.h) as a small JSON file, so that `animview render FILE
// --recording rec.json --out x.gif` renders it from the command line:
//
//   {"animview_recording": 2, "duration_s": 4.2, "inputs": [
//     {"t": 0, "play": "graph"},
//     {"t": 0, "play": "clip", "clip": "Walk", "playhead": 0.5, "playing": true},
//     {"t": 0, "clock_speed": 0.5, "loop": "ping_pong"},
//     {"t": 0.35, "parameter": "speed", "value": 1.5},
//     {"t": 1, "motion_matching": "start", "clips": ["idle", "walk"], "mirrored": false,
//      "weights": {"trajectory_positions": 2, ...}, "disabled_clips": []},
//     {"t": 1, "steer": [0, 0, 1.4], "facing": 0},
//     {"t": 2, "motion_matching": "settings", "weights": {...}, "disabled_clips": ["walk"]},
//     {"t": 3, "motion_matching": "stop"}]}
//
// "play" is "graph", "clip" or "rest"; "loop" is "loop", "once" or "ping_pong"; times are seconds
// from the recording's start. A recording without clock inputs plays clips at 1x, looping.
// "motion_matching" starts the mode on its database's clips ("weights" by feature group, those
// left out keep their defaults), re-sets it or stops it; "steer" is the desired velocity (world,
// m/s) and "facing" the desired yaw (radians) the mode's steps take until the next. Version 1
// (before motion matching was recorded) reads as before.

#include <string>

#include "app/live_recording.h"

namespace app {

// The recording as the JSON text above.
std::string recording_to_json(const InputRecording& recording);

// Parses text (read from file_name, which messages name) into out. Returns "" or the cause,
// naming the file and the input at fault: not JSON, not a recording (or another version), a
// time or value that is not a finite number, a time outside [0, duration] or before the input
// above it, a "play" that is none of the three, a clip without its name, a motion-matching
// event, weight, clip list or steering that is not one.
std::string recording_from_json(const std::string& text, const std::string& file_name,
                                InputRecording& out);

// Writes recording to path (a temporary file, then a rename). Returns "" or the cause.
std::string save_recording(const InputRecording& recording, const std::string& path);

// Reads path into out. Returns "" or the cause naming path.
std::string load_recording(const std::string& path, InputRecording& out);

}  // namespace app
