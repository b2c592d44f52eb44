#pragma once
// The bounds of a character as it stands now, for framing the camera: the bind-pose box fits
// the bind pose only, and a clip can move a character far from it (a rig whose mesh is bound in
// a pose it never plays, a BVH whose bind pose is a T at the origin).

#include <span>

#include <glm/glm.hpp>

#include "asset/character.h"

namespace asset {

// World-space bounds of the character's joints in model_pose (model-space matrices, one per
// joint) moved by world, grown on each side by how far the bind-pose mesh reaches beyond the
// bind-pose joints (the head's top above the head joint, the feet's soles), so the mesh is
// inside. Empty bounds when model_pose does not have one matrix per joint.
Bounds posed_bounds(const Character& character, std::span<const glm::mat4> model_pose,
                    const glm::mat4& world);

}  // namespace asset
