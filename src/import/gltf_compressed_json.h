#pragma once
// tinygltf 2.7, as animview builds it (without its own Draco decoder, which trusts the file's
// sizes), refuses two shapes that compressed files have: a Draco primitive's indices accessor
// has no bufferView, and a meshopt fallback buffer may have no data at all. This rewrites
// those parts of a file's JSON so that tinygltf reads the rest; draco_decoding and
// meshopt_decoding then fill in the geometry.

#include <string>

namespace importer {

// Rewrites file (the bytes of a .glb when binary, else of a .gltf) in place when its JSON uses
// KHR_draco_mesh_compression or EXT_/KHR_meshopt_compression: a Draco primitive loses its
// "indices" (decode_draco_primitives gives it the decoded ones), and a meshopt fallback buffer
// without a uri gets kMeshoptPlaceholderUri. Returns whether it changed anything; a file it
// cannot parse is left for tinygltf to report.
bool prepare_compressed_json(std::string& file, bool binary);

}  // namespace importer
