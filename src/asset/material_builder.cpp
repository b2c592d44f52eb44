#include "asset/material_builder.h"

#include <filesystem>

#include <assimp/material.h>

namespace asset {
namespace {

glm::vec4 base_color(const aiMaterial& material) {
  aiColor4D color;
  if (material.Get(AI_MATKEY_BASE_COLOR, color) == aiReturn_SUCCESS ||
      material.Get(AI_MATKEY_COLOR_DIFFUSE, color) == aiReturn_SUCCESS) {
    return {color.r, color.g, color.b, color.a};
  }
  return Material{}.base_color;
}

Texture base_color_texture(const aiScene& scene, const aiMaterial& material,
                           const std::string& model_dir, std::vector<std::string>& warnings) {
  aiString path;
  if (material.GetTexture(aiTextureType_BASE_COLOR, 0, &path) != aiReturn_SUCCESS &&
      material.GetTexture(aiTextureType_DIFFUSE, 0, &path) != aiReturn_SUCCESS) {
    return {};
  }
  Texture texture;
  if (const aiTexture* embedded = scene.GetEmbeddedTexture(path.C_Str())) {
    if (embedded->mHeight != 0) {
      warnings.push_back(std::string("material '") + material.GetName().C_Str() +
                         "' embeds its texture as raw texels, which are not supported; ignored");
      return {};
    }
    // mHeight == 0: pcData holds mWidth bytes of a compressed image.
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(embedded->pcData);
    texture.encoded.assign(bytes, bytes + embedded->mWidth);
    return texture;
  }
  std::filesystem::path file(path.C_Str());
  if (file.is_relative()) file = std::filesystem::path(model_dir) / file;
  texture.path = file.lexically_normal().string();
  return texture;
}

}  // namespace

std::vector<Material> build_materials(const aiScene& scene, const std::string& model_dir,
                                      std::vector<std::string>& warnings) {
  std::vector<Material> materials;
  materials.reserve(scene.mNumMaterials);
  for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
    const aiMaterial& source = *scene.mMaterials[i];
    Material material;
    material.name = source.GetName().C_Str();
    material.base_color = base_color(source);
    material.base_color_texture = base_color_texture(scene, source, model_dir, warnings);
    materials.push_back(std::move(material));
  }
  return materials;
}

}  // namespace asset
