#pragma once
// The viewer's scene and view settings as the renderer's plain frame view (render/frame_view.h):
// what the viewer, the frame export and `animview render` hand SceneRenderer.

#include <glm/glm.hpp>

#include "app/viewer_scene.h"
#include "render/frame_view.h"
#include "visual/view_settings.h"

namespace app {

// What to draw of scene as view shows it, seen through view_projection. The result points into
// scene: it is valid until scene changes.
render::FrameView scene_frame_view(const ViewerScene& scene, const visual::SceneView& view,
                                   const glm::mat4& view_projection = glm::mat4(1.0f));

}  // namespace app
