#include "asset/gltf_version.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

namespace asset {
namespace {

int json_major_version(const nlohmann::json& root) {
  if (!root.is_object()) return 0;
  const nlohmann::json* version = nullptr;
  if (const auto asset = root.find("asset"); asset != root.end() && asset->is_object()) {
    if (const auto v = asset->find("version"); v != asset->end()) version = &*v;
  }
  // "2.0" as the specification says; some glTF 1.0 exporters wrote the number 1.
  if (version && version->is_string()) {
    const std::string text = version->get<std::string>();
    if (!text.empty() && (text[0] == '1' || text[0] == '2')) return text[0] - '0';
  } else if (version && version->is_number()) {
    const double major = version->get<double>();
    if (major >= 1.0 && major < 3.0) return static_cast<int>(major);
  }
  // glTF 1.0 made "asset" optional and keys its objects by id; 2.0 lists them in arrays.
  for (const char* key : {"meshes", "nodes", "accessors"}) {
    const auto it = root.find(key);
    if (it != root.end()) return it->is_object() ? 1 : 2;
  }
  return 0;
}

}  // namespace

GltfVersion gltf_version(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  char header[8] = {};
  in.read(header, sizeof header);
  if (in.gcount() == static_cast<std::streamsize>(sizeof header) &&
      std::memcmp(header, "glTF", 4) == 0) {
    std::uint32_t version = 0;  // little-endian, as the container stores it
    for (int i = 7; i >= 4; --i) version = version << 8 | static_cast<unsigned char>(header[i]);
    return {version == 1 || version == 2 ? static_cast<int>(version) : 0, true};
  }
  in.clear();
  in.seekg(0);
  const nlohmann::json root =
      nlohmann::json::parse(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(),
                            nullptr, /*allow_exceptions=*/false);
  return {root.is_discarded() ? 0 : json_major_version(root), false};
}

}  // namespace asset
