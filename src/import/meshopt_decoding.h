#pragma once
// EXT_meshopt_compression and KHR_meshopt_compression (the same bitstream): bufferViews whose
// bytes are stored as meshoptimizer streams, decoded with Debian's libmeshoptimizer (0.18).

#include <string>

#include "import/gltf_model.h"

namespace importer {

// The uri that gltf_compressed_json gives a fallback buffer stored without data, so that
// tinygltf loads the file; decode_meshopt_views gives that buffer its decoded size back.
inline constexpr const char* kMeshoptPlaceholderUri = "data:application/octet-stream;base64,AA==";

// Decodes every bufferView of model that carries either meshopt extension into the bytes of
// the bufferView itself (its buffer, often a fallback without data, is sized to hold them),
// with the stream's filter applied, before any accessor is read. Returns an empty string on
// success, otherwise the cause naming the bufferView and the mesh or animation that reads it:
// a stream outside its buffer, a corrupt stream, a codec version or filter that Debian's
// meshoptimizer cannot decode (vertex codec version 1, the COLOR filter: both need a newer
// meshoptimizer), sizes the mode does not allow, or an uncompressed view in a buffer without
// data.
std::string decode_meshopt_views(tinygltf::Model& model);

}  // namespace importer
