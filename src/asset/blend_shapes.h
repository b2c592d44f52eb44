#pragma once
// Blend shapes as assimp delivers them (FBX, X): each aiAnimMesh holds its shape's whole
// positions and normals, which become morph targets: deltas from the base mesh, carried into
// model space as the base is. assimp 5.2.5 hands FBX shapes over with the base mesh's normals;
// a shape that moves vertices without turning a single normal has its normals recomputed from
// its faces (the difference of the shape's and the base's face-weighted normals), so shading
// follows the shape. Collada morph controllers never arrive: assimp 5.2.5 drops them.

#include <assimp/scene.h>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"

namespace asset {

// Adds source's shapes to mesh, whose positions, normals and indices are already converted with
// to_model after scaling by unit_scale. Targets are named after the shape (the part after the
// last "::" of FBX's "SubDeformer::Name"), or "shape_N" when that is empty, with default weight
// 0 (assimp's FBX aiAnimMesh::mWeight is an in-between's full weight, not the channel's value).
// Returns how many shapes had their normals recomputed.
int convert_blend_shapes(const aiMesh& source, const glm::mat4& to_model, float unit_scale,
                         anim::SkinnedMesh& mesh);

}  // namespace asset
