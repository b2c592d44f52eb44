#pragma once
// The skeleton drawn over the mesh: bones as lines or as octahedra (the DCC convention, fat at
// the parent end), and the joint under the mouse (its origin or its bone) for picking.

#include <span>

#include <glm/glm.hpp>

#include "render/line_renderer.h"

namespace render {

enum class BoneStyle { Lines, Octahedra };

// Adds every bone (joint to parent) of a model-space pose to lines, placed in the world by
// world_from_model. parents[i] < i or -1.
void add_skeleton(LineRenderer& lines, std::span<const glm::mat4> model,
                  std::span<const int> parents, const glm::mat4& world_from_model, BoneStyle style,
                  const glm::vec4& color);

// The joint under cursor_px (window pixels, origin top-left): the one whose projected origin is
// nearest, within max_distance_px; else the one whose bone (from it to a child, as drawn) passes
// nearest, within max_distance_px: a ray through the cursor against the drawn bones, so a joint
// is picked by clicking anywhere along the bone it turns. -1 when none. viewport is (x, y, width,
// height) in window pixels with y measured from the top; parents[i] < i or -1.
int pick_joint(std::span<const glm::mat4> model, std::span<const int> parents,
               const glm::mat4& world_from_model, const glm::mat4& view_projection,
               const glm::vec4& viewport, const glm::vec2& cursor_px, float max_distance_px);

}  // namespace render
