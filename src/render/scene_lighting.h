#pragma once
// The light every lit surface of a frame shares: a key light (with an optional shadow map), the
// built-in sky as the environment, and the exposure before tone mapping.

#include <glm/glm.hpp>

#include "render/shadow_map.h"

namespace render {

struct SceneLighting {
  glm::vec3 key_direction{0.4f, 0.8f, 0.45f};  // towards the light, world space
  glm::vec3 key_radiance{2.4f, 2.3f, 2.15f};   // linear colour times intensity
  float environment_intensity = 1.0f;          // the sky's share; 0: key light only
  float exposure = 1.0f;
  // Shadows of the key light where set and rendered this frame; nullptr: no shadows.
  const ShadowMap* shadow_map = nullptr;
  // Filtered comparisons per shadowed pixel: 1 (hard-ish, cheapest), 4 or 12 (softest).
  int shadow_taps = 12;
};

// The eye of a perspective view_projection (the point it sends to w = 0 on its axis), or a
// point far behind the image for an orthographic one: where specular highlights are seen from.
glm::vec3 eye_position(const glm::mat4& view_projection);

}  // namespace render
