#pragma once
// Blend shapes as assimp delivers them (FBX, X): each aiAnimMesh holds its shape's whole
// positions and normals, which become morph targets: deltas from the base mesh, carried into
// model space as the base is. assimp 5.2.5 hands FBX shapes over with the base mesh's normals;
// a shape that moves vertices without turning a single normal has its normals recomputed from
// its faces (the difference of the shape's and the base's face-weighted normals), so shading
// follows the shape. FBX weight curves become morph tracks in assimp_morph_tracks.h. Collada
// morph controllers never arrive: assimp 5.2.5 keeps the '#' of <morph source="#mesh">, so a node
// instancing the controller finds no geometry and is skipped, and a file whose geometry a node
// instances directly fails to import ("Unable to resolve library reference").

#include <assimp/scene.h>

#include <string>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"

namespace importer {

// The morph target name of shape, the aiAnimMesh at index of its mesh: the part after the last
// "::" of FBX's "SubDeformer::Name", or "shape_<index>" when that is empty.
std::string blend_shape_name(const aiAnimMesh& shape, unsigned index);

// Adds source's shapes to mesh, whose positions, normals and indices are already converted with
// to_model after scaling by unit_scale. Targets are named by blend_shape_name, with default weight
// 0 (assimp's FBX aiAnimMesh::mWeight is an in-between's full weight, not the channel's value).
// Returns how many shapes had their normals recomputed.
int convert_blend_shapes(const aiMesh& source, const glm::mat4& to_model, float unit_scale,
                         anim::SkinnedMesh& mesh);

}  // namespace importer
