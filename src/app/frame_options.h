#pragma once
// What a headless frame includes, shared by `animview pose` and `animview render`, so both
// show the frame the viewer would: the same files, clip, time, ground, foot IK, root motion,
// parameters and unit scale, composed by the same CharacterInstance.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/viewer_scene.h"

namespace app {

struct FrameOptions {
  std::string file;       // a model file or a project (.json)
  std::string anim_file;  // clips bound to the model by joint name
  std::string clip;       // a name or index; empty: the node pose, or a project's graph
  float time_s = 0.0f;
  bool rest_pose = false;  // the file's own node pose, whatever else is asked
  std::string ground = "flat";
  float slope_deg = 15.0f;
  bool foot_ik = false;
  // Locks planted feet (with foot_ik): a clip then plays from its start in 1/60 s steps up to
  // the time, as a project's graph does, so each lock has the history it holds from.
  bool lock_feet = false;
  std::string root_motion = "in-place";  // in-place | applied | off (kept in the pose)
  std::vector<std::string> parameters;   // NAME=VALUE
  float unit_scale = 0.0f;               // metres per file unit; 0: guessed, as the viewer does
  // The project's post-process stack (look-at, twist, springs, multi-bone IK): "on" (the
  // default; nothing runs when the project has none) or "off".
  std::string post_process = "on";
  // Stride and orientation warping: "on", "off", or empty for the project's saved choice (off
  // for a model file).
  std::string stride_warping;
  std::string orientation_warping;
  // The speed asked of a clip for stride warping (m/s; 0: none; a blend space asks its point's).
  float requested_speed_mps = 0.0f;
  // The built-in demo in its own project (its blend space and state machine), as the viewer
  // opens it, instead of a project that previews its clips.
  bool demo_project = false;
};

// What composing a frame has to say: why it failed, and what the user should know of a frame
// that was composed (the files' warnings, the units guessed), each naming its file.
struct FrameReport {
  std::string error;
  std::vector<std::string> notices;
};

// Adds the options above (but the file, which each command names itself) to command.
void add_frame_options(CLI::App& command, FrameOptions& options);

// Loads options.file (and the clip file) into scene, its project (the file's, or one that
// previews a model's clips) into project, and plays the frame the options describe.
// Without --unit-scale, a character whose size says its file is not in metres is imported again
// at the scale the viewer would guess (import/character_units.h). With --rest-pose, or with neither
// a clip nor a project, the node pose; with a clip, that clip at the time; with a project and no
// clip, the project's graph from its entry state in fixed 1/60 s steps up to the time (a clip
// too when feet are locked or the project's post-process stack has a spring). Returns 0,
// or the exit code with the message in report.error: 1 when a file cannot be read or names no such
// clip, 2 for a bad option value (a non-finite number, an unknown parameter).
int compose_frame(const FrameOptions& options, project::Project& project, ViewerScene& scene,
                  FrameReport& report);

// Prints report to stderr, each line after "animview <command>: ": the notices as warnings (one
// line for each kind, with how many more there are of it), then the error when there is one.
void print_frame_report(const char* command, const FrameReport& report);

}  // namespace app
