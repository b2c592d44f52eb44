#pragma once
// Markers edited on the timeline (ui::TimelineMarkerEdit) applied to the project's clip markers
// (project/clip_marker_edits.h): the clips are bound again with them, so phase sync and foot
// contacts use them at once, and each edit is one undo step of the graph history.

#include <vector>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "ui/timeline.h"

namespace app {

// Applies edit to the previewed clip's markers; a refusal goes to ui.status.
void apply_timeline_marker_edit(Document& doc, ViewerUi& ui, ViewerScene& scene,
                                const ui::TimelineMarkerEdit& edit);

// Binds the clips whose markers changed again after doc's clip markers changed from before (an
// edit, an undo), and only those, keeping where the character stands and the timeline's marker
// jumps current. Returns "" or the cause.
std::string rebind_clip_markers(Document& doc, ViewerUi& ui, ViewerScene& scene,
                                const std::vector<project::ProjectClipMarkers>& before);

}  // namespace app
