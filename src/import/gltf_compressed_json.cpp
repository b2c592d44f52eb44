#include "import/gltf_compressed_json.h"

#include <cstdint>
#include <cstring>
#include <string_view>

#include <nlohmann/json.hpp>

#include "import/meshopt_decoding.h"

namespace importer {
namespace {

constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"

std::uint32_t read_u32(const std::string& bytes, std::size_t at) {
  std::uint32_t value;
  std::memcpy(&value, bytes.data() + at, sizeof value);
  return value;
}

void write_u32(std::string& bytes, std::size_t at, std::uint32_t value) {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}

bool names_compression(std::string_view json) {
  return json.find("KHR_draco_mesh_compression") != std::string_view::npos ||
         json.find("meshopt_compression") != std::string_view::npos;
}

bool has_extension(const nlohmann::json& object, const char* name) {
  return object.is_object() && object.contains("extensions") && object["extensions"].is_object() &&
         object["extensions"].contains(name);
}

// The rewrite itself; returns whether anything changed.
bool prepare(nlohmann::json& doc) {
  bool changed = false;
  if (doc.contains("meshes") && doc["meshes"].is_array()) {
    for (nlohmann::json& mesh : doc["meshes"]) {
      if (!mesh.is_object() || !mesh.contains("primitives") || !mesh["primitives"].is_array()) {
        continue;
      }
      for (nlohmann::json& primitive : mesh["primitives"]) {
        if (has_extension(primitive, "KHR_draco_mesh_compression") &&
            primitive.erase("indices") > 0) {
          changed = true;
        }
      }
    }
  }
  if (doc.contains("buffers") && doc["buffers"].is_array()) {
    for (nlohmann::json& buffer : doc["buffers"]) {
      if ((has_extension(buffer, "EXT_meshopt_compression") ||
           has_extension(buffer, "KHR_meshopt_compression")) &&
          !buffer.contains("uri")) {
        buffer["uri"] = kMeshoptPlaceholderUri;
        buffer["byteLength"] = 1;
        changed = true;
      }
    }
  }
  return changed;
}

bool prepare_text(std::string& text) {
  if (!names_compression(text)) return false;
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !prepare(doc)) return false;
  text = doc.dump();
  return true;
}

// A .glb: a 12-byte header, then the JSON chunk (length, type, bytes padded with spaces to
// four), then the other chunks as they are.
bool prepare_glb(std::string& file) {
  if (file.size() < 20 || read_u32(file, 16) != kJsonChunk) return false;
  const std::size_t json_length = read_u32(file, 12);
  if (json_length > file.size() - 20) return false;
  std::string json = file.substr(20, json_length);
  if (!prepare_text(json)) return false;
  json.append((4 - json.size() % 4) % 4, ' ');
  std::string rest = file.substr(20 + json_length);
  file.resize(20);
  write_u32(file, 12, static_cast<std::uint32_t>(json.size()));
  file += json;
  file += rest;
  write_u32(file, 8, static_cast<std::uint32_t>(file.size()));
  return true;
}

}  // namespace

bool prepare_compressed_json(std::string& file, bool binary) {
  return binary ? prepare_glb(file) : prepare_text(file);
}

}  // namespace importer
