#pragma once
// Material builder: the base colour and base-colour texture of every assimp material.

#include <string>
#include <vector>

#include <assimp/scene.h>

#include "asset/character.h"

namespace asset {

// One Material per scene material, in the same order (meshes refer to them by index). The base
// colour is glTF's base colour factor, or the diffuse colour for other formats. A texture is
// either encoded bytes embedded in the file (PNG/JPEG, `*N` references or named embedded
// textures) or a path resolved against model_dir. Textures that cannot be used (raw embedded
// texels) are skipped with a warning.
std::vector<Material> build_materials(const aiScene& scene, const std::string& model_dir,
                                      std::vector<std::string>& warnings);

}  // namespace asset
