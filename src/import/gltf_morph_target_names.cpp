#include "import/gltf_morph_target_names.h"

namespace importer {

std::vector<std::string> gltf_morph_target_names(const tinygltf::Mesh& mesh) {
  const std::size_t count = mesh.primitives.empty() ? 0 : mesh.primitives[0].targets.size();
  const tinygltf::Value listed =
      mesh.extras.Has("targetNames") ? mesh.extras.Get("targetNames") : tinygltf::Value();
  std::vector<std::string> names;
  for (std::size_t t = 0; t < count; ++t) {
    const int i = static_cast<int>(t);
    const bool named = listed.IsArray() && t < listed.ArrayLen() && listed.Get(i).IsString() &&
                       !listed.Get(i).Get<std::string>().empty();
    names.push_back(named ? listed.Get(i).Get<std::string>() : "target " + std::to_string(t));
  }
  return names;
}

}  // namespace importer
