#pragma once
// KHR_draco_mesh_compression: a primitive's geometry stored as one Draco stream in a
// bufferView, decoded with Debian's libdraco into plain accessors.

#include <string>

#include "import/gltf_model.h"

namespace importer {

// Decodes every triangle primitive of model that carries KHR_draco_mesh_compression: its
// Draco stream becomes new buffers, bufferViews and accessors (the attributes the extension
// names, in the componentType their accessors declare, and uint32 indices), and the primitive
// points at those. The accessors it replaces are left as they are. A stream shared by several
// primitives is decoded once. Returns an empty string on success, otherwise the cause naming
// the mesh: a stream that does not decode (cut short, corrupt), a stream outside its buffer,
// an attribute the stream lacks or whose size differs from its accessor's.
std::string decode_draco_primitives(tinygltf::Model& model);

}  // namespace importer
