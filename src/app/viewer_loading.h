#pragma once
// The viewer's loads: the files of the command line, then each request (dropped, reloaded,
// opened, clip files to add or retarget) through the asynchronous loader, one at a time.

#include <string>
#include <vector>

#include "app/viewer.h"

namespace app {

// The first load: the files given, or the built-in demo. Headless runs load synchronously so
// their first frame already shows the character. Returns whether a headless run's files failed
// to load (it then renders an empty scene, and must say so).
bool load_initial_files(Viewer& v);

// Files to open (dropped, reloaded, asked for) go to the loader one request at a time; a
// finished load is taken into the scene; clip files to add or retarget follow.
// dropped: files dropped on the window since the last frame (taken).
void run_load_queue(Viewer& v, const FrameStart& f, std::vector<std::string>& dropped);

}  // namespace app
