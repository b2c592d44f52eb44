#pragma once
// Which glTF a .gltf or .glb file is. tinygltf reads glTF 2.0 only; glTF 1.0 files (their
// objects keyed by id, a binary container of version 1) still turn up, and assimp reads them.

#include <string>

namespace importer {

struct GltfVersion {
  // 1 for glTF 1.0 (asset.version "1.x" or 1, or else id-keyed meshes, nodes or accessors, or a
  // binary container of version 1), 2 for glTF 2.0, 0 when the file cannot be told
  // (unreadable, not a JSON object, cut short before a version, an unknown container): the
  // glTF 2.0 reader then says what is wrong. The JSON is read as a stream, not kept.
  int major = 0;
  bool binary = false;  // a binary container (.glb), not JSON
};

GltfVersion gltf_version(const std::string& path);

}  // namespace importer
