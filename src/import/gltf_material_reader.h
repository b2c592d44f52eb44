#pragma once
// The glTF reader's materials (import/gltf_reader.h): glTF's metallic-roughness materials with
// their textures (embedded bytes, or image files found from directory) and their
// KHR_texture_transform.

#include <string>
#include <vector>

#include "import/gltf_model.h"
#include "visual/material.h"

namespace importer {

// Every material of model, in order. A texture using a second UV set keeps the first, with a
// warning per material.
std::vector<visual::Material> read_materials(const tinygltf::Model& model,
                                             const std::string& directory,
                                             std::vector<std::string>& warnings);

}  // namespace importer
