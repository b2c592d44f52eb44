#include "render/bone_axes.h"

#include <algorithm>

namespace render {

float bone_axis_length(const glm::vec3& rest_min, const glm::vec3& rest_max) {
  const glm::vec3 extent = glm::max(rest_max - rest_min, glm::vec3(0.0f));
  // A character lying along the ground (a snake, a file in Z-up) is measured by its length.
  const float height = extent.y > 0.25f * std::max(extent.x, extent.z)
                           ? extent.y
                           : std::max({extent.x, extent.y, extent.z});
  return kBoneAxisHeightShare * (height > 0.0f ? height : 1.0f);
}

void add_bone_axes(LineRenderer& lines, std::span<const glm::mat4> model,
                   const glm::mat4& world_from_model, float length_m) {
  const glm::vec4 colors[3] = {
      {1.0f, 0.1f, 0.1f, 1.0f}, {0.1f, 1.0f, 0.1f, 1.0f}, {0.15f, 0.35f, 1.0f, 1.0f}};
  for (const glm::mat4& joint : model) {
    const glm::vec3 origin(world_from_model * joint[3]);
    for (int axis = 0; axis < 3; ++axis) {
      const glm::vec3 direction(joint[axis]);
      const float scale = glm::length(direction);
      if (!(scale > 1e-8f)) continue;
      const glm::vec3 end_model = glm::vec3(joint[3]) + direction * (length_m / scale);
      lines.add(origin, glm::vec3(world_from_model * glm::vec4(end_model, 1.0f)), colors[axis]);
    }
  }
}

}  // namespace render
