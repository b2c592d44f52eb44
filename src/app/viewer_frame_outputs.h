#pragma once
// What the viewer's frames leave behind: screenshots, the state log's lines, a headless run's
// pictures and transition records.

#include <string>

#include "app/viewer.h"

namespace app {

// The transition record as JSON (project/transition_record_json.h), names from project's machine
// and the scene's parameters.
std::string transition_record(const ViewerUi& ui, const project::Project& project,
                              const ViewerScene& scene);

// File > Export transition record: writes the record to the next free
// animview_transition_record*.json in the working folder; the status line or the error panel
// says how it went.
void write_transition_record(ViewerUi& ui, const project::Project& project,
                             const ViewerScene& scene);

// Writes what this frame leaves behind: the F12 screenshot, the state log's line, and a
// headless run's picture. Returns "" or why the headless picture could not be written.
std::string capture_frame(Viewer& v, bool take_screenshot, const FrameStart& f);

}  // namespace app
