#pragma once
// What belongs to one opened file and starts fresh with the next one: playback (speed, loop
// mode, direction, slow motion), the camera's placement, the warnings and errors, the status line,
// and what the panels had selected in it (the document itself, its files, saved state and undo
// history, starts again in Document::open). What belongs to the user (view preferences, layout,
// import settings) stays. A reload of the same files keeps all of it.

#include <string>
#include <vector>

#include "app/document.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "render/orbit_camera.h"

namespace app {

// Whether a load of files replaces a file that was open: not the first load (which keeps what
// the command line set up), not a reload of the same files (doc's).
bool opens_another_file(const Document& doc, const ViewerUi& ui,
                        const std::vector<std::string>& files);

// Clears what belonged to the file open until now. Call it once a load of another file has
// succeeded, before that load's own warnings and its saved session are applied.
void start_file_session(ViewerUi& ui, ViewerScene& scene, render::OrbitCamera& camera);

}  // namespace app
