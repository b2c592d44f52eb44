#include "demo/demo_export.h"

#include "demo/demo_character.h"
#include "import/gltf_writer.h"

namespace demo {

std::string export_character_glb(const importer::Character& character, const std::string& path) {
  return importer::write_glb(character, path);
}

std::string export_demo_character(const std::string& path) {
  return export_character_glb(make_demo_character(), path);
}

}  // namespace demo
