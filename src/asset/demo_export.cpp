#include "asset/demo_export.h"

#include "asset/demo_character.h"
#include "asset/gltf_writer.h"

namespace asset {

std::string export_character_glb(const Character& character, const std::string& path) {
  return write_glb(character, path);
}

std::string export_demo_character(const std::string& path) {
  return export_character_glb(make_demo_character(), path);
}

}  // namespace asset
