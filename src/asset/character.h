#pragma once
// Character: everything an import (or the demo generator) produces for the viewer.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/skeleton.h"
#include "anim/skinned_mesh.h"

namespace asset {

// An image either as a path on disk or as encoded bytes embedded in the file (PNG/JPEG).
// How a texture's coordinates are moved before it is sampled (glTF's KHR_texture_transform):
// scaled, then rotated (radians, counter-clockwise in UV space), then offset.
struct TextureTransform {
  glm::vec2 offset{0.0f};
  float rotation = 0.0f;
  glm::vec2 scale{1.0f};
};

// The matrix uv' = M (u, v, 1) of transform (the extension's translation * rotation * scale).
glm::mat3 uv_matrix(const TextureTransform& transform);

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

// What the importer did to the data and what the user should know about it.
struct ImportReport {
  float unit_scale_applied = 1.0f;       // e.g. 0.01 for a centimetre scene
  bool up_axis_converted = false;        // Z-up scene rotated to Y-up
  int vertices_with_cut_influences = 0;  // had more influences than kept
  int vertices_renormalized = 0;         // weights did not sum to one
  std::vector<std::string> warnings;
  // The format's extensions the file uses (glTF's extensionsUsed): those animview reads
  // (compressed and quantized geometry, decoded on import) and those it ignores.
  std::vector<std::string> extensions_read;
  std::vector<std::string> extensions_ignored;
};

struct Character {
  std::string source_path;
  anim::Skeleton skeleton;
  std::vector<anim::SkinnedMesh> meshes;
  std::vector<Material> materials;
  std::vector<anim::Clip> clips;
  ImportReport report;
};

}  // namespace asset

namespace asset {

// Per joint, whether it belongs to the skeleton's largest top-level tree: the character, apart
// from the other top-level nodes a file animates beside it (3ds Max scenes keep their cameras,
// their targets and a sky light 14 m up as nodes, which the importer makes joints). What a
// character's size and framing measure when it has no mesh. Allocates.
std::vector<bool> character_tree(const anim::Skeleton& skeleton);

// Axis-aligned bounds of all mesh vertices in the bind pose (or of the rest-pose joints of the
// character_tree when there is no mesh); min > max when the character is empty.
struct Bounds {
  glm::vec3 min{1e30f};
  glm::vec3 max{-1e30f};
  bool empty() const { return min.x > max.x; }
};
Bounds bind_pose_bounds(const Character& character);

}  // namespace asset
