#pragma once
// The glTF 2.0 writer through tinygltf: a Character as one self-contained binary glTF (.glb)
// that the glTF reader reads back to the same character, markers included.

#include <string>

#include "import/character.h"

namespace importer {

// Writes character to path as binary glTF 2.0:
// - the skeleton as nodes (one per joint, rest pose as TRS), meshes on root nodes skinned by one
//   skin over every joint with its inverse bind matrices;
// - each mesh with normals, tangents, UVs and vertex colours where it has them, and up to 8
//   influences per vertex (JOINTS_0/WEIGHTS_0, JOINTS_1/WEIGHTS_1);
// - morph targets (position, normal and tangent offsets), their names (mesh.extras.targetNames)
//   and default weights; the meshes one node held (glTF primitives) on one node of that name;
// - every Material field, with its textures embedded (encoded bytes, or the file at the
//   texture's path; images that are neither PNG nor JPEG, or cannot be read, are left out);
// - each clip as an animation keeping its tracks' interpolation, its duration (a held key is
//   added where the keys end earlier) and, in the animation's extras, its markers, loop flag
//   and frame rate: `{"markers": [{"name": "foot_l_down", "time": 0.4}], "loop": true,
//   "fps": 24}`; its morph
//   weight tracks as one "weights" channel per node (anim::on_common_keys: exact unless the
//   tracks of one node mix interpolations or key CubicSpline at different times).
// Clips' tracks for joints the skeleton lacks, or for shapes no mesh has, are left out. The file is
// written to a temporary name first and renamed, so a failed export leaves no partial file behind.
// Returns an empty string on success, otherwise "<path>: <cause>".
std::string write_glb(const Character& character, const std::string& path);

}  // namespace importer
