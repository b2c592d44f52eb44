#pragma once
// Each joint's frame as RGB axes (View > Bone axes): red along its model-space x, green along y,
// blue along z, the DCC convention, each as long as a fixed share of the character's height so
// that the axes read the same on a mouse and on a giant.

#include <span>

#include <glm/glm.hpp>

#include "render/line_renderer.h"

namespace render {

// The axes' length as a share of the character's rest height.
constexpr float kBoneAxisHeightShare = 0.06f;

// The axes' length for a character whose rest pose spans rest_min to rest_max (model space):
// kBoneAxisHeightShare of its height (y extent), or of its largest extent when it lies flat.
float bone_axis_length(const glm::vec3& rest_min, const glm::vec3& rest_max);

// Adds three segments per joint of the model-space pose, from the joint's origin along its
// normalized x, y and z axes by length_m, placed in the world by world_from_model. Joints whose
// axes are degenerate (zero scale) are skipped.
void add_bone_axes(LineRenderer& lines, std::span<const glm::mat4> model,
                   const glm::mat4& world_from_model, float length_m);

}  // namespace render
