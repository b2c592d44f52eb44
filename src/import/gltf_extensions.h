#pragma once
// Which glTF extensions animview reads, what a file that uses others gets, and how messages
// about them name a mesh.

#include <string>
#include <vector>

#include "import/character.h"
#include "import/gltf_model.h"

namespace importer {

// Whether animview reads extension `name` (geometry compression and quantization).
bool gltf_extension_supported(const std::string& name);

// A required extension that animview does not read makes the file unreadable (the glTF spec
// tells a loader to refuse it): returns the cause naming the extensions. The extensions the file
// uses go to report's extensions_read and extensions_ignored, and those ignored are named in a
// warning.
std::string check_gltf_extensions(const tinygltf::Model& model, ImportReport& report);

// "mesh 'name'", or "mesh 3" for a mesh without a name, for messages.
std::string gltf_mesh_label(const tinygltf::Model& model, std::size_t mesh);

}  // namespace importer
