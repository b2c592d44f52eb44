#pragma once
// Reading a glTF file into tinygltf's model, compressed geometry decoded.

#include <string>
#include <vector>

#include "import/character.h"
#include "import/gltf_model.h"

namespace importer {

// Loads the .gltf or .glb at path into model: tinygltf reads the JSON, buffers and image bytes
// (images stay encoded), the file's extensions are checked (gltf_extensions), then Draco
// primitives and meshopt bufferViews are decoded, so every accessor afterwards reads plain
// data. tinygltf's warnings and the extensions used go to report (check_gltf_extensions).
// Returns an empty string on success, otherwise the cause (without the path).
std::string load_gltf_model(const std::string& path, tinygltf::Model& model, ImportReport& report);

}  // namespace importer
