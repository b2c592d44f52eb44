#include "app/scene_snapshot.h"

#include <glad/gl.h>

#include "app/scene_frame_view.h"
#include "render/frame_capture.h"

namespace app {

std::string draw_scene_image(render::SceneRenderer& renderer, const ViewerScene& scene,
                             const visual::SceneView& view, const glm::mat4& view_projection,
                             int width, int height, render::Image& out) {
  glViewport(0, 0, width, height);
  glClearColor(kBackgroundColor.x, kBackgroundColor.y, kBackgroundColor.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (std::string e = renderer.draw(scene_frame_view(scene, view, view_projection)); !e.empty())
    return e;
  glFinish();
  out = render::read_framebuffer(width, height);
  return {};
}

std::string write_scene_png(render::SceneRenderer& renderer, const ViewerScene& scene,
                            const visual::SceneView& view, const glm::mat4& view_projection,
                            int width, int height, const std::string& path) {
  render::Image image;
  if (std::string e =
          draw_scene_image(renderer, scene, view, view_projection, width, height, image);
      !e.empty())
    return e;
  return render::write_png(image, path);
}

}  // namespace app
