#pragma once
// Vertices whose position is not a number (NaN, or infinite as an out-of-range float reads): a
// corrupt or hand-edited file has them, and drawn they streak across the view.

#include <cstddef>
#include <string>

#include "anim/skinned_mesh.h"

namespace importer {

// Drops the triangles of mesh that use a vertex whose position is not finite. Those vertices,
// then unused, are moved onto a finite vertex of the mesh (the origin if it has none), so the
// character's bounds stay finite. Returns how many triangles were dropped.
std::size_t drop_non_finite_triangles(anim::SkinnedMesh& mesh);

// The import warning for count triangles dropped over a file.
std::string non_finite_triangles_warning(std::size_t count);

}  // namespace importer
