#pragma once
// Tangents for normal mapping when a file gives none: glTF asks viewers to generate them
// (MikkTSpace); this is the same idea in its simple per-vertex form.

#include <vector>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"

namespace render {

// One tangent per vertex of mesh, in glTF's convention: xyz is the direction in which u grows
// along the surface, orthogonal to the vertex normal, and w = +1 or -1 so that
// cross(normal, xyz) * w points towards the image's top (decreasing v in glTF's v-down UVs).
// Each triangle's tangent frame (from its UV derivatives) is added to its corners weighted by
// the triangle's area, then made orthogonal to the normal. Vertices of triangles without UV
// area (degenerate mappings) get any unit vector orthogonal to their normal and w = 1.
// Returns an empty vector when the mesh has no UVs.
std::vector<glm::vec4> generate_tangents(const anim::SkinnedMesh& mesh);

}  // namespace render
