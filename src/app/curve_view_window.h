#pragma once
// The viewer's "Curves" window: the inspected joint's curves over the previewed clip
// (app/joint_curve_view.h samples them, ui/curve_view.h draws them); a click or drag in the plot
// pauses the clock and seeks it there.

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// Draws the window while it is open (sampling the curves only when what they show changed).
void run_curve_view(ViewerUi& ui, ViewerScene& scene);

}  // namespace app
