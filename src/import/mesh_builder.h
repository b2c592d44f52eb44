#pragma once
// Mesh builder: converts the triangle meshes of an assimp scene into anim::SkinnedMesh in model
// space (metres, Y-up), with joint indices into the skeleton built from the same scene.

#include <string>
#include <vector>

#include <assimp/scene.h>

#include "anim/skinned_mesh.h"
#include "import/character.h"
#include "import/import_settings.h"
#include "import/scene_conversion.h"
#include "import/skeleton_builder.h"

namespace importer {

// The mesh assimp made to show a file of joints alone (its SkeletonMeshBuilder, for BVH, Collada
// and MD5 skeletons), or null: the scene's only mesh, without texture coordinates, of pyramids
// each wholly on one bone, in a material it names "SkeletonMaterial". Such a file has no body:
// the viewer draws its skeleton, and its size is measured on its joints. (Asking assimp not to
// make it fails its own validation of a scene without meshes.)
const aiMesh* skeleton_stand_in(const aiScene& scene);

// Builds one SkinnedMesh per mesh instance in the node tree (a mesh two nodes use appears
// twice). Positions and normals are transformed to model space; UVs keep assimp's convention
// (origin at the bottom-left of the image). Influences: each vertex keeps its
// settings.max_influences strongest (4, or 8 in two sets), renormalized to sum to one; vertices
// that lost influences and vertices whose weights did not sum to one are counted in report.
// Unskinned meshes, and skinned vertices without weights, follow their node's joint rigidly.
// Meshes without triangles (points, lines) are skipped with a warning in report, and left_out
// (the skeleton's stand-in, or null) silently.
void build_meshes(const aiScene& scene, const SceneConversion& conversion,
                  const SkeletonBuild& skeleton, const ImportSettings& settings,
                  const aiMesh* left_out, std::vector<anim::SkinnedMesh>& out,
                  ImportReport& report);

}  // namespace importer
