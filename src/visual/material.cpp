#include "visual/material.h"

#include <cmath>

namespace visual {

glm::mat3 uv_matrix(const TextureTransform& transform) {
  const float c = std::cos(transform.rotation);
  const float s = std::sin(transform.rotation);
  // Columns: the extension's translation * rotation * scale, rotation [[c, s], [-s, c]] in rows.
  return glm::mat3(glm::vec3(c * transform.scale.x, -s * transform.scale.x, 0.0f),
                   glm::vec3(s * transform.scale.y, c * transform.scale.y, 0.0f),
                   glm::vec3(transform.offset, 1.0f));
}

}  // namespace visual
