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
  int max_frames = 0;                   // > 0: close after that many frames (scripted runs)
};

// Opens the viewer (or renders headless) and returns the exit code.
int run_viewer(const ViewerOptions& options);

}  // namespace app
