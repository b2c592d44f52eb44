#pragma once
// One JSON line per frame describing what the viewer shows: for scripts and end-to-end tests,
// which read the character's state without scraping pixels.

#include <string>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// {"frame", "mode", "clip", "time", "state", "transition", "blend_space": {"input", "weights"},
//  "world": [x, y, z], "skinning", "foot_ik", "lock_feet", "root_motion", "compare" (off | skinning
//  | clips), "compare_b": {"clip", "time", "duration", "frame", "sync"} in clip comparisons (or
//  "error" when clip B cannot play), "ui": {where the blend-space editor's axes and the state
//  machine view's parameter controls are on screen}, "timeline": {"frame", "time", "playing",
//  "speed", "loop", "reverse", "last_frame"} in clip preview, "errors", "warnings" (how many are
//  listed), "time_scale" (slow motion), "transition_weight", "project_file" (where Save writes; ""
//  for a new project), "show_grid", "machines": {the active machine's name, states, transition
//  count, the other machines' names, the graph warnings}, "post_process" (with a stack):
//  {"entries": [{"entry", "kind", "target", "target_world", "follow_camera", "handle" (drawn),
//  "eye" and "aim" (a look-at's aiming joint, world)}], "dragged", "camera": {"eye", "target",
//  "fov_y", "viewport_height"}, "stack": [every entry's {"kind", "weight", "solo", "mute",
//  "mute_at" (its mute box, window pixels)}]}} on one line.
std::string state_line(int frame, const Document& doc, const ViewerScene& scene,
                       const ViewerUi& ui);

}  // namespace app
