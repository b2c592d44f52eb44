#pragma once
// Material builder: every assimp material mapped onto glTF's metallic-roughness model.

#include <string>
#include <vector>

#include <assimp/scene.h>

#include "import/character.h"

namespace importer {

// One Material per scene material, in the same order (meshes refer to them by index). glTF
// materials (read through assimp) keep their factors, textures, alpha mode and double-sided
// flag; other formats map diffuse to base colour, shininess to roughness (a black specular
// colour: fully rough), opacity below one to BLEND, and are not metallic. A texture is
// either encoded bytes embedded in the file (PNG/JPEG, `*N` references or named embedded
// textures) or a path resolved against model_dir. Textures that cannot be used (raw embedded
// texels) are skipped with a warning.
std::vector<visual::Material> build_materials(const aiScene& scene, const std::string& model_dir,
                                              std::vector<std::string>& warnings);

}  // namespace importer
