#pragma once
// The GPU side of a loaded character: one GpuMesh per mesh and one texture per material, built
// from asset::Character when a file is loaded and dropped with it.

#include <string>
#include <vector>

#include "asset/character.h"
#include "render/gpu_mesh.h"
#include "render/texture.h"

namespace app {

struct CharacterGpu {
  std::vector<render::GpuMesh> meshes;      // parallel to Character::meshes; empty where it failed
  std::vector<render::Texture2D> textures;  // one per material; invalid where it has none
  std::vector<std::string> warnings;        // e.g. a texture that could not be decoded

  // Uploads every mesh and material texture. A mesh that fails to upload is left empty (not
  // drawn) with a warning naming it; a missing texture is a warning and the base colour is used
  // alone.
  void upload(const asset::Character& character);
};

}  // namespace app
