#include "app/character_gpu.h"

#include <filesystem>

namespace app {

void CharacterGpu::upload(const asset::Character& character) {
  meshes.clear();
  textures.clear();
  warnings.clear();
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    render::GpuMesh gpu;
    const std::string error = gpu.upload(mesh, character.skeleton.joint_count());
    // A failed mesh stays as an empty slot so indices keep matching character.meshes.
    if (!error.empty()) warnings.push_back(character.source_path + ": " + error);
    meshes.push_back(std::move(gpu));
  }
  textures.resize(character.materials.size());
  for (std::size_t i = 0; i < character.materials.size(); ++i) {
    const asset::Texture& texture = character.materials[i].base_color_texture;
    if (texture.empty()) continue;
    std::string error;
    if (!texture.encoded.empty()) {
      error = textures[i].load_encoded(texture.encoded, character.materials[i].name);
    } else {
      // Texture paths in model files are relative to the model file.
      std::filesystem::path path = texture.path;
      if (path.is_relative())
        path = std::filesystem::path(character.source_path).parent_path() / path;
      error = textures[i].load_file(path.string());
    }
    if (!error.empty()) warnings.push_back(character.source_path + ": " + error);
  }
}

}  // namespace app
