#pragma once
// The graph panel's "Layers" tab: layers added, removed and masked on the skeleton tree (each
// edit re-binds the graph and is one undo step), and weights dragged live: the playing instance
// takes the weight every frame without a new binding, the drag is one undo step, and the graph
// is bound once when the slider is released.

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

void draw_layers_tab(Document& doc, ViewerUi& ui, ViewerScene& scene);

}  // namespace app
