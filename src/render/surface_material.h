#pragma once
// What the surface shader needs of a material, with its textures already on the GPU: glTF's
// metallic-roughness model (asset::Material's GPU-side view; render does not know asset).

#include <string_view>

#include <glm/glm.hpp>

#include "render/texture.h"

namespace render {

// glTF's alphaMode. Values match shaders/mesh.frag.
enum class SurfaceAlphaMode { Opaque = 0, Mask = 1, Blend = 2 };

// How a base-coloured surface is lit. Values match shaders/mesh.frag.
enum class ShadingMode {
  Material = 0,  // the material as its file defines it, under the key light and the sky
  Matcap = 1,    // a studio matcap on the normals: shapes and folds, no material
  Clay = 2,      // one grey clay material under the same light: silhouettes and contacts
};

// "material", "matcap", "clay" (the project file's and the command line's names).
const char* to_string(ShadingMode mode);
// The mode of such a name; Material for any other text.
ShadingMode parse_shading_mode(std::string_view name);

// Textures are borrowed (nullptr or an invalid texture: none); colours are linear.
struct SurfaceMaterial {
  glm::vec4 base_color{0.8f, 0.8f, 0.8f, 1.0f};
  const Texture2D* base_color_texture = nullptr;  // sRGB, RGBA
  float metallic = 0.0f;
  float roughness = 0.6f;
  const Texture2D* metallic_roughness_texture = nullptr;  // G roughness, B metallic
  const Texture2D* normal_texture = nullptr;              // tangent space
  float normal_scale = 1.0f;
  const Texture2D* occlusion_texture = nullptr;  // R
  float occlusion_strength = 1.0f;
  glm::vec3 emissive{0.0f};
  const Texture2D* emissive_texture = nullptr;  // sRGB
  SurfaceAlphaMode alpha_mode = SurfaceAlphaMode::Opaque;
  float alpha_cutoff = 0.5f;
  bool double_sided = true;  // false: back faces are culled
};

}  // namespace render
