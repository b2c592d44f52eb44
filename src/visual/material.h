#pragma once
// How a mesh's surface looks: glTF's metallic-roughness material and its textures, as every
// importer hands them over (importer::Character::materials) and the renderer draws them
// (render::CharacterGpu). Plain data, below both.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace visual {

// How a texture's coordinates are moved before it is sampled (glTF's KHR_texture_transform):
// scaled, then rotated (radians, counter-clockwise in UV space), then offset.
struct TextureTransform {
  glm::vec2 offset{0.0f};
  float rotation = 0.0f;
  glm::vec2 scale{1.0f};
};

// The matrix uv' = M (u, v, 1) of transform (the extension's translation * rotation * scale).
glm::mat3 uv_matrix(const TextureTransform& transform);

// An image either as a path on disk or as encoded bytes embedded in the file (PNG/JPEG).
struct Texture {
  std::string path;  // the image file as it can be opened: resolved against the model's folder
  std::vector<std::uint8_t> encoded;
  TextureTransform transform;
  bool empty() const { return path.empty() && encoded.empty(); }
};

// How a material's alpha is used, as glTF's alphaMode defines it.
enum class AlphaMode { kOpaque, kMask, kBlend };

// glTF's metallic-roughness material; other formats are mapped onto it by their importer
// (diffuse colour to base colour, shininess to roughness). Texture images keep the file's row
// order: every importer hands over UVs in glTF's convention (see anim::SkinnedMesh::uvs).
struct Material {
  std::string name;
  glm::vec4 base_color{0.8f, 0.8f, 0.8f, 1.0f};  // linear RGB and alpha
  Texture base_color_texture{};                  // sRGB
  float metallic = 0.0f;
  float roughness = 0.6f;
  Texture metallic_roughness_texture{};  // linear; G = roughness, B = metallic
  Texture normal_texture{};              // tangent space, linear
  float normal_scale = 1.0f;
  Texture occlusion_texture{};  // linear; R = occlusion
  float occlusion_strength = 1.0f;
  glm::vec3 emissive{0.0f};    // linear RGB
  Texture emissive_texture{};  // sRGB
  AlphaMode alpha_mode = AlphaMode::kOpaque;
  float alpha_cutoff = 0.5f;  // for kMask
  bool double_sided = false;
};

}  // namespace visual
