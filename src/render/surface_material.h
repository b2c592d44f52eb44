#pragma once
// What the surface shader needs of a material, with its textures already on the GPU: glTF's
// metallic-roughness model (visual::Material's GPU-side view).

#include <string_view>

#include <glm/glm.hpp>

#include "render/texture.h"
#include "visual/view_settings.h"

namespace render {

// glTF's alphaMode. Values match shaders/mesh.frag.
enum class SurfaceAlphaMode { Opaque = 0, Mask = 1, Blend = 2 };

// How a base-coloured surface is lit: the view settings' choice (visual/view_settings.h).
using visual::parse_shading_mode;
using visual::ShadingMode;
using visual::to_string;

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
  // Per texture, in the order above (base colour, metallic-roughness, normal, occlusion,
  // emissive), uv' = M (u, v, 1) before sampling (KHR_texture_transform). A rotated normal map's
  // tangent frame is not rotated with it (the Khronos sample viewer does the same).
  glm::mat3 uv_transforms[5] = {glm::mat3(1.0f), glm::mat3(1.0f), glm::mat3(1.0f), glm::mat3(1.0f),
                                glm::mat3(1.0f)};
};

}  // namespace render
