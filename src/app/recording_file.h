#pragma once
// A live recording (app/live_recording.h) as a small JSON file, so that `animview render FILE
// --recording rec.json --out x.gif` renders it from the command line:
//
//   {"animview_recording": 1, "duration_s": 4.2, "inputs": [
//     {"t": 0, "play": "graph"},
//     {"t": 0, "play": "clip", "clip": "Walk", "playhead": 0.5, "playing": true},
//     {"t": 0, "clock_speed": 0.5, "loop": "ping_pong"},
//     {"t": 0.35, "parameter": "speed", "value": 1.5}]}
//
// "play" is "graph", "clip" or "rest"; "loop" is "loop", "once" or "ping_pong"; times are seconds
// from the recording's start. A recording without clock inputs plays clips at 1x, looping.

#include <string>

#include "app/live_recording.h"

namespace app {

// The recording as the JSON text above.
std::string recording_to_json(const InputRecording& recording);

// Parses text (read from file_name, which messages name) into out. Returns "" or the cause,
// naming the file and the input at fault: not JSON, not a recording (or another version), a
// time or value that is not a finite number, a time outside [0, duration] or before the input
// above it, a "play" that is none of the three, a clip without its name.
std::string recording_from_json(const std::string& text, const std::string& file_name,
                                InputRecording& out);

// Writes recording to path (a temporary file, then a rename). Returns "" or the cause.
std::string save_recording(const InputRecording& recording, const std::string& path);

// Reads path into out. Returns "" or the cause naming path.
std::string load_recording(const std::string& path, InputRecording& out);

}  // namespace app
