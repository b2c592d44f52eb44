#pragma once
// CPU reference morphing: a mesh's morph targets applied to its base vertices at given weights,
// before skinning (what the vertex shaders do on the GPU; tests compare the two, and bounds and
// framing use it to see the morphed mesh).

#include <span>

#include <glm/glm.hpp>

#include "anim/job_result.h"
#include "anim/skinned_mesh.h"

namespace anim {

// out = base + sum over targets of weight * delta, per vertex, for positions, normals (then
// normalized; a zero result keeps the base normal) and tangents (xyz, then normalized; w, the
// handedness, kept). weights holds one weight per target of mesh (a mesh's slice of the
// character's morph weights); targets with zero weight cost nothing. As on the GPU, at most
// kMaxActiveMorphTargets apply: those of largest |weight| (select_active_morph_targets).
// out_normals and out_tangents may be empty to skip them. No allocation. Fails, writing nothing,
// when weights is not one per target, out_positions is not the vertex count, out_normals is neither
// empty nor the mesh's normals' count, out_tangents is neither empty nor the mesh's tangents'
// count, or a target's positions are not the vertex count.
JobResult morph_vertices(const SkinnedMesh& mesh, std::span<const float> weights,
                         std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals,
                         std::span<glm::vec4> out_tangents);

}  // namespace anim
