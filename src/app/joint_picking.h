#pragma once
// Joints in the viewport: the name of the joint under the pointer, a click that picks it for the
// rig panel's waiting slot or selects it for the Joints tab (Shift adds), markers while the
// skeleton is hidden, and the selection highlighted always (its motion trails are the frame's:
// ViewerScene::joint_trails). While the Joints tab is shown, where each
// joint is drawn goes to ui.joints.inspector.joint_pixels (the state log's).

#include <glm/glm.hpp>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// Called once a frame after the 3D view is drawn into rect with view_projection (ImGui's frame
// open: it draws with the foreground list).
void pick_and_mark_joints(ViewerScene& scene, ViewerUi& ui, const ViewportRect& rect,
                          const glm::mat4& view_projection);

}  // namespace app
