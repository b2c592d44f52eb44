#pragma once
// The names of a glTF mesh's morph targets, shared by the mesh reader (the targets) and the clip
// reader (the weight tracks, which bind to targets by name).

#include <string>
#include <vector>

#include "import/gltf_model.h"

namespace importer {

// The names of mesh's targets: its extras' targetNames (the convention of Blender, three.js and
// the glTF Sample Viewer), else "target N" (N from 0). The count is its first primitive's.
std::vector<std::string> gltf_morph_target_names(const tinygltf::Mesh& mesh);

}  // namespace importer
