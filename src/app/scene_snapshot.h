#pragma once
// One picture of the 3D scene, read back or written to a PNG: what `animview render` writes
// (a picture, a frame sequence or a video's frames) and what the viewer's frame export writes,
// drawn by the same code.

#include <string>

#include <glm/glm.hpp>

#include "app/viewer_scene.h"
#include "render/frame_capture.h"
#include "render/scene_renderer.h"
#include "visual/view_settings.h"

namespace app {

// The viewer's background colour (linear RGB), behind the scene and the panels alike.
inline constexpr glm::vec3 kBackgroundColor{0.18f, 0.19f, 0.22f};

// Clears the framebuffer bound now (width x height pixels) to kBackgroundColor, draws the scene
// as the renderer last uploaded it, seen through view_projection, and reads the picture back
// into out. Returns "" or why the character could not be drawn.
std::string draw_scene_image(render::SceneRenderer& renderer, const ViewerScene& scene,
                             const visual::SceneView& view, const glm::mat4& view_projection,
                             int width, int height, render::Image& out);

// draw_scene_image, written to path as PNG. Returns "" or the cause (a PNG error names path).
std::string write_scene_png(render::SceneRenderer& renderer, const ViewerScene& scene,
                            const visual::SceneView& view, const glm::mat4& view_projection,
                            int width, int height, const std::string& path);

}  // namespace app
