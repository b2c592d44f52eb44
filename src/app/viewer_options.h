#pragma once
// What the command line asks of the viewer window.

#include <string>
#include <vector>

namespace app {

struct ViewerOptions {
  std::vector<std::string> files;
  int width = 1280;
  int height = 720;
  bool headless = false;  // render frames to PNGs and exit
  int frames = 1;         // with headless
  std::string out_dir = ".";
  std::string skinning = "lbs";  // lbs | dq
  int crowd = 1;
  std::string state_log;  // when set, one JSON line of viewer state per frame
  std::string clip;       // start previewing this clip on the timeline (name or index)
  std::vector<std::string> parameters;  // NAME=VALUE: starting values of graph parameters
  bool empty_scene = false;             // open without the built-in demo character
  bool compressed_clips = false;        // the player samples compressed clips
  float unit_scale = 0.0f;              // metres per file unit; 0: guessed from the size
  int max_frames = 0;                   // > 0: close after that many frames (scripted runs)
  bool ground = false;  // start with the ground, sky and shadows on, whatever the project says
  // Export frames of the clip on the timeline as the Export frames dialog does, into this folder
  // (none when empty), from export_from_s to export_to_s (negative: the clip's end).
  std::string export_dir;
  // The same as a video (File > Export video...) into this file, over [from, to).
  std::string export_video;
  double export_from_s = 0.0;
  double export_to_s = -1.0;
  std::string compare = "off";         // side by side: off | skinning | clip:NAME (compare_view.h)
  std::string compare_sync = "phase";  // how clip B follows clip A: phase | seconds
  bool motion_matching = false;        // start in the motion-matching play mode
  float time_scale = 1.0f;             // slow motion, 0.05 to 1 (the transition timeline's)
  std::string transition_record;       // when set, the transition record is written there at exit
  // Record inputs (File > Record inputs) from the first load, saved here at exit or when the
  // menu's check is turned off.
  std::string record;

  // Start in the motion-matching play mode with the clips' mirrored copies in its database.
  bool motion_matching_mirrored = false;
};

// Opens the viewer (or renders headless) and returns the exit code.
int run_viewer(const ViewerOptions& options);

}  // namespace app
