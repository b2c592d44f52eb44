#include "ui/target_handle.h"

namespace ui {

bool point_pixel(const glm::vec3& p, const glm::mat4& view_projection, const glm::vec4& viewport,
                 glm::vec3& out) {
  const glm::vec4 clip = view_projection * glm::vec4(p, 1.0f);
  if (clip.w <= 1e-6f) return false;
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  out = {viewport.x + (ndc.x * 0.5f + 0.5f) * viewport.z,
         viewport.y + (0.5f - ndc.y * 0.5f) * viewport.w, ndc.z};
  return true;
}

glm::vec3 drag_at_depth(const glm::vec3& p, const glm::mat4& view_projection,
                        const glm::vec4& viewport, const glm::vec2& pixel) {
  glm::vec3 at(0.0f);
  if (!point_pixel(p, view_projection, viewport, at)) return p;
  // The same normalized depth is the same view-space depth: the plane facing the camera.
  const glm::vec4 ndc((pixel.x - viewport.x) / viewport.z * 2.0f - 1.0f,
                      1.0f - (pixel.y - viewport.y) / viewport.w * 2.0f, at.z, 1.0f);
  const glm::vec4 world = glm::inverse(view_projection) * ndc;
  return glm::vec3(world) / world.w;
}

}  // namespace ui
