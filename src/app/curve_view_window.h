#pragma once
// The viewer's "Curves" window: the selected joints' curves over the previewed clip, or over the
// transition record while the graph plays (app/joint_curve_view.h reads them, ui/curve_view.h
// draws them). A click or drag in the plot pauses the clock and seeks it there, or pauses the
// record at that frame, as the transition timeline's scrubbing does.

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// Draws the window while it is open (sampling a clip's curves only when what they show changed).
void run_curve_view(ViewerUi& ui, const Document& doc, ViewerScene& scene);

}  // namespace app
