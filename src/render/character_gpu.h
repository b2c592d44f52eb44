#pragma once
// The GPU side of a loaded character: one GpuMesh per mesh and the textures of every material,
// built from the character's parts (app/character_source.h hands over importer::Character's) when
// a file is loaded, and dropped with it.

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/skinned_mesh.h"
#include "render/gpu_mesh.h"
#include "render/surface_material.h"
#include "render/texture.h"
#include "visual/material.h"

namespace render {

// The images of one material on the GPU; invalid where the material has none.
struct MaterialTextures {
  render::Texture2D base_color;  // sRGB
  render::Texture2D metallic_roughness;
  render::Texture2D normal;
  render::Texture2D occlusion;
  render::Texture2D emissive;  // sRGB
};

// What the renderer draws of a loaded character, borrowed for the upload: the renderer needs
// no import types, only the meshes and materials and where the character stands.
struct CharacterSource {
  std::string source_path;  // names the file in warnings
  int joint_count = 0;
  std::span<const anim::SkinnedMesh> meshes;
  std::span<const visual::Material> materials;  // indexed by anim::SkinnedMesh::material
  // The bounds of the character in its rest pose, model space: where the file draws it (its
  // bind mesh may lie in another space). min > max when it has none.
  glm::vec3 rest_min{1e30f};
  glm::vec3 rest_max{-1e30f};
};

struct CharacterGpu {
  // Mesh i's slice of an instance's morph weights (anim::CharacterInstance::morph_weights);
  // empty when it has no targets or the weights do not cover them.
  std::span<const float> mesh_morph_weights(std::size_t i, std::span<const float> weights) const;

  std::vector<render::GpuMesh>
      meshes;  // parallel to CharacterSource::meshes; empty where it failed
  // Bind-pose centre of each mesh (model space): the order of blended meshes, back to front.
  std::vector<glm::vec3> mesh_centers;
  // Per mesh: where its targets' weights start in an instance's morph weights
  // (anim::first_morph_channel_of), -1 for a mesh without targets.
  std::vector<int> first_morph_channel;
  std::vector<MaterialTextures> textures;  // one per material
  // One per material, its textures pointing into `textures` (or at `checker`).
  std::vector<render::SurfaceMaterial> materials;
  render::Texture2D checker;          // stands in for base colour images that failed
  std::vector<std::string> warnings;  // e.g. a texture that could not be found or decoded

  // Uploads every mesh and material texture. A mesh that fails to upload is left empty (not
  // drawn) with a warning naming it. A texture that cannot be loaded is a warning, given once
  // per image however many materials use it; a missing base colour image is drawn as a
  // checkerboard, the others are left out.
  void upload(const CharacterSource& character);
};

// visual::Material's alpha mode as the renderer's.
render::SurfaceAlphaMode surface_alpha_mode(visual::AlphaMode mode);

}  // namespace render
