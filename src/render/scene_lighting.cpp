#include "render/scene_lighting.h"

#include <cmath>

namespace render {

glm::vec3 eye_position(const glm::mat4& view_projection) {
  // inverse(VP) * (0, 0, 1, 0) is the eye in homogeneous form; an orthographic view has it at
  // infinity (w = 0), behind the image along the view axis.
  const glm::mat4 inverse = glm::inverse(view_projection);
  const glm::vec4 eye = inverse * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f);
  if (std::abs(eye.w) > 1e-9f) return glm::vec3(eye) / eye.w;
  const glm::vec4 center = inverse * glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  const glm::vec3 toward = glm::vec3(inverse * glm::vec4(0.0f, 0.0f, -1.0f, 0.0f));
  return glm::vec3(center) / center.w + glm::normalize(toward) * 1e4f;
}

}  // namespace render
