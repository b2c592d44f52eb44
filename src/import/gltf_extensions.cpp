#include "import/gltf_extensions.h"

#include <algorithm>
#include <iterator>

namespace importer {
namespace {

constexpr const char* kSupported[] = {"KHR_mesh_quantization", "KHR_draco_mesh_compression",
                                      "EXT_meshopt_compression", "KHR_meshopt_compression",
                                      "KHR_texture_transform"};

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

bool gltf_extension_supported(const std::string& name) {
  return std::find(std::begin(kSupported), std::end(kSupported), name) != std::end(kSupported);
}

std::string check_gltf_extensions(const tinygltf::Model& model, ImportReport& report) {
  std::vector<std::string> unread_required;
  for (const std::string& name : model.extensionsRequired) {
    if (!gltf_extension_supported(name)) unread_required.push_back(name);
  }
  if (!unread_required.empty()) {
    return "it requires " + joined(unread_required) + ", which animview cannot read";
  }
  for (const std::string& name : model.extensionsUsed) {
    (gltf_extension_supported(name) ? report.extensions_read : report.extensions_ignored)
        .push_back(name);
  }
  if (!report.extensions_ignored.empty()) {
    report.warnings.push_back("the file uses " + joined(report.extensions_ignored) +
                              ", which animview ignores");
  }
  return {};
}

std::string gltf_mesh_label(const tinygltf::Model& model, std::size_t mesh) {
  const std::string& name = mesh < model.meshes.size() ? model.meshes[mesh].name : std::string();
  return name.empty() ? "mesh " + std::to_string(mesh) : "mesh '" + name + "'";
}

}  // namespace importer
