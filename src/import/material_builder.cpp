#include "import/material_builder.h"

#include <algorithm>
#include <cmath>

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>

#include "import/image_search.h"

namespace importer {
namespace {

std::string material_label(const aiMaterial& material) {
  return std::string("material '") + material.GetName().C_Str() + "'";
}

// The first texture of the first type in types that the material has, as an embedded image or
// a path resolved against model_dir; empty when it has none or it cannot be used.
visual::Texture find_texture(const aiScene& scene, const aiMaterial& material,
                             std::initializer_list<aiTextureType> types,
                             const std::string& model_dir, std::vector<std::string>& warnings) {
  aiString path;
  const bool found = std::any_of(types.begin(), types.end(), [&](aiTextureType type) {
    return material.GetTexture(type, 0, &path) == aiReturn_SUCCESS && path.length > 0;
  });
  if (!found) return {};
  visual::Texture texture;
  if (const aiTexture* embedded = scene.GetEmbeddedTexture(path.C_Str())) {
    if (embedded->mHeight != 0) {
      warnings.push_back(material_label(material) +
                         " embeds a texture as raw texels, which are not supported; ignored");
      return {};
    }
    // mHeight == 0: pcData holds mWidth bytes of a compressed image.
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(embedded->pcData);
    texture.encoded.assign(bytes, bytes + embedded->mWidth);
    return texture;
  }
  texture.path = locate_image(path.C_Str(), model_dir);
  return texture;
}

// A Blinn-Phong exponent as GGX roughness: the lobe of exponent s has about the width of GGX
// with alpha = sqrt(2 / (s + 2)), and roughness = sqrt(alpha).
float roughness_from_shininess(float shininess) {
  return std::clamp(std::pow(2.0f / (std::max(shininess, 0.0f) + 2.0f), 0.25f), 0.05f, 1.0f);
}

// Formats without a metallic-roughness model (FBX, Collada, OBJ): diffuse, specular and
// shininess mapped onto it. Their materials are dielectrics; a black specular colour means no
// highlight at all (fully rough).
void map_phong(const aiMaterial& source, visual::Material& material) {
  material.metallic = 0.0f;
  float shininess = 0.0f;
  material.roughness =
      source.Get(AI_MATKEY_SHININESS, shininess) == aiReturn_SUCCESS && shininess > 0.0f
          ? roughness_from_shininess(shininess)
          : 0.8f;
  aiColor3D specular;
  if (source.Get(AI_MATKEY_COLOR_SPECULAR, specular) == aiReturn_SUCCESS &&
      std::max({specular.r, specular.g, specular.b}) < 0.02f) {
    material.roughness = 1.0f;
  }
  float opacity = 1.0f;
  if (source.Get(AI_MATKEY_OPACITY, opacity) == aiReturn_SUCCESS && opacity > 0.0f &&
      opacity < 1.0f) {
    material.base_color.w = opacity;
    material.alpha_mode = visual::AlphaMode::kBlend;
  }
}

void map_gltf_alpha(const aiMaterial& source, visual::Material& material) {
  aiString mode;
  if (source.Get(AI_MATKEY_GLTF_ALPHAMODE, mode) != aiReturn_SUCCESS) return;
  const std::string name = mode.C_Str();
  material.alpha_mode = name == "MASK"    ? visual::AlphaMode::kMask
                        : name == "BLEND" ? visual::AlphaMode::kBlend
                                          : visual::AlphaMode::kOpaque;
  float cutoff = 0.5f;
  if (source.Get(AI_MATKEY_GLTF_ALPHACUTOFF, cutoff) == aiReturn_SUCCESS) {
    material.alpha_cutoff = cutoff;
  }
}

visual::Material convert(const aiScene& scene, const aiMaterial& source,
                         const std::string& model_dir, std::vector<std::string>& warnings) {
  visual::Material material;
  material.name = source.GetName().C_Str();
  aiColor4D color;
  if (source.Get(AI_MATKEY_BASE_COLOR, color) == aiReturn_SUCCESS ||
      source.Get(AI_MATKEY_COLOR_DIFFUSE, color) == aiReturn_SUCCESS) {
    material.base_color = {color.r, color.g, color.b, color.a};
  }
  // glTF through assimp carries the metallic factor; every other format is mapped from Phong.
  float metallic = 0.0f;
  if (source.Get(AI_MATKEY_METALLIC_FACTOR, metallic) == aiReturn_SUCCESS) {
    material.metallic = std::clamp(metallic, 0.0f, 1.0f);
    float roughness = 1.0f;
    if (source.Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == aiReturn_SUCCESS) {
      material.roughness = std::clamp(roughness, 0.0f, 1.0f);
    }
    map_gltf_alpha(source, material);
    int two_sided = 0;
    material.double_sided =
        source.Get(AI_MATKEY_TWOSIDED, two_sided) == aiReturn_SUCCESS && two_sided != 0;
  } else {
    // FBX and Collada files do not say reliably which side is the front: draw both, as their
    // authoring tools and most viewers do.
    material.double_sided = true;
    map_phong(source, material);
  }
  aiColor3D emissive;
  if (source.Get(AI_MATKEY_COLOR_EMISSIVE, emissive) == aiReturn_SUCCESS) {
    material.emissive = {emissive.r, emissive.g, emissive.b};
    float intensity = 1.0f;
    if (source.Get(AI_MATKEY_EMISSIVE_INTENSITY, intensity) == aiReturn_SUCCESS) {
      material.emissive *= intensity;
    }
  }

  auto texture = [&](std::initializer_list<aiTextureType> types) {
    return find_texture(scene, source, types, model_dir, warnings);
  };
  material.base_color_texture = texture({aiTextureType_BASE_COLOR, aiTextureType_DIFFUSE});
  // assimp's glTF importer names the packed metallic-roughness image UNKNOWN.
  material.metallic_roughness_texture =
      texture({aiTextureType_UNKNOWN, aiTextureType_METALNESS, aiTextureType_DIFFUSE_ROUGHNESS});
  material.normal_texture = texture({aiTextureType_NORMALS, aiTextureType_NORMAL_CAMERA});
  source.Get(AI_MATKEY_GLTF_TEXTURE_SCALE(aiTextureType_NORMALS, 0), material.normal_scale);
  // glTF's occlusion comes through assimp as a light map.
  material.occlusion_texture = texture({aiTextureType_AMBIENT_OCCLUSION, aiTextureType_LIGHTMAP});
  source.Get(AI_MATKEY_GLTF_TEXTURE_STRENGTH(aiTextureType_LIGHTMAP, 0),
             material.occlusion_strength);
  material.emissive_texture = texture({aiTextureType_EMISSION_COLOR, aiTextureType_EMISSIVE});
  // An emissive texture multiplies the emissive factor; FBX files give the texture alone.
  if (!material.emissive_texture.empty() && material.emissive == glm::vec3(0.0f) &&
      source.Get(AI_MATKEY_METALLIC_FACTOR, metallic) != aiReturn_SUCCESS) {
    material.emissive = glm::vec3(1.0f);
  }
  return material;
}

}  // namespace

std::vector<visual::Material> build_materials(const aiScene& scene, const std::string& model_dir,
                                              std::vector<std::string>& warnings) {
  std::vector<visual::Material> materials;
  materials.reserve(scene.mNumMaterials);
  for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
    materials.push_back(convert(scene, *scene.mMaterials[i], model_dir, warnings));
  }
  return materials;
}

}  // namespace importer
