#include "import/gltf_material_reader.h"

#include <algorithm>
#include <cctype>

#include "import/image_search.h"

namespace importer {
namespace {

// %XX escapes in a relative uri (glTF uris are percent-encoded).
std::string decode_uri(const std::string& uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

visual::Texture read_texture(const tinygltf::Model& model, int index,
                             const std::string& directory) {
  if (index < 0 || index >= static_cast<int>(model.textures.size())) return {};
  const int source = model.textures[index].source;
  if (source < 0 || source >= static_cast<int>(model.images.size())) return {};
  const tinygltf::Image& image = model.images[source];
  visual::Texture texture;
  if (!image.image.empty()) {
    texture.encoded.assign(image.image.begin(), image.image.end());
  } else if (!image.uri.empty()) {
    texture.path = locate_image(decode_uri(image.uri), directory);
  }
  return texture;
}

// A number of a JSON value (tinygltf's), or fallback when it is none.
float number_or(const tinygltf::Value& value, float fallback) {
  return value.IsNumber() ? static_cast<float>(value.GetNumberAsDouble()) : fallback;
}

// A texture reference's KHR_texture_transform (identity when it has none). A texCoord override
// names a second UV set, which animview does not import: the texture keeps the first, and
// warnings says so once per material.
visual::TextureTransform read_texture_transform(const tinygltf::ExtensionMap& extensions,
                                                const std::string& material,
                                                std::vector<std::string>& warnings) {
  visual::TextureTransform transform;
  const auto it = extensions.find("KHR_texture_transform");
  if (it == extensions.end() || !it->second.IsObject()) return transform;
  const tinygltf::Value& t = it->second;
  if (t.Has("offset") && t.Get("offset").ArrayLen() == 2) {
    transform.offset = {number_or(t.Get("offset").Get(0), 0.0f),
                        number_or(t.Get("offset").Get(1), 0.0f)};
  }
  if (t.Has("rotation")) transform.rotation = number_or(t.Get("rotation"), 0.0f);
  if (t.Has("scale") && t.Get("scale").ArrayLen() == 2) {
    transform.scale = {number_or(t.Get("scale").Get(0), 1.0f),
                       number_or(t.Get("scale").Get(1), 1.0f)};
  }
  if (t.Has("texCoord") && number_or(t.Get("texCoord"), 0.0f) != 0.0f) {
    const std::string warning = "material '" + material +
                                "': KHR_texture_transform names a second UV set (texCoord), which "
                                "animview does not read: the first is used";
    if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) {
      warnings.push_back(warning);
    }
  }
  return transform;
}

// The texture a reference names, with its transform.
template <typename Info>
visual::Texture read_texture(const tinygltf::Model& model, const Info& info,
                             const std::string& directory, const std::string& material,
                             std::vector<std::string>& warnings) {
  visual::Texture texture = read_texture(model, info.index, directory);
  if (!texture.empty()) {
    texture.transform = read_texture_transform(info.extensions, material, warnings);
  }
  return texture;
}

}  // namespace

std::vector<visual::Material> read_materials(const tinygltf::Model& model,
                                             const std::string& directory,
                                             std::vector<std::string>& warnings) {
  std::vector<visual::Material> materials;
  for (const tinygltf::Material& source : model.materials) {
    visual::Material m;
    m.name = source.name;
    const tinygltf::PbrMetallicRoughness& pbr = source.pbrMetallicRoughness;
    if (pbr.baseColorFactor.size() == 4) {
      m.base_color = {pbr.baseColorFactor[0], pbr.baseColorFactor[1], pbr.baseColorFactor[2],
                      pbr.baseColorFactor[3]};
    }
    const auto texture = [&](const auto& info) {
      return read_texture(model, info, directory, source.name, warnings);
    };
    m.base_color_texture = texture(pbr.baseColorTexture);
    m.metallic = static_cast<float>(pbr.metallicFactor);
    m.roughness = static_cast<float>(pbr.roughnessFactor);
    m.metallic_roughness_texture = texture(pbr.metallicRoughnessTexture);
    m.normal_texture = texture(source.normalTexture);
    m.normal_scale = static_cast<float>(source.normalTexture.scale);
    m.occlusion_texture = texture(source.occlusionTexture);
    m.occlusion_strength = static_cast<float>(source.occlusionTexture.strength);
    if (source.emissiveFactor.size() == 3) {
      m.emissive = {source.emissiveFactor[0], source.emissiveFactor[1], source.emissiveFactor[2]};
    }
    m.emissive_texture = texture(source.emissiveTexture);
    m.alpha_mode = source.alphaMode == "MASK"    ? visual::AlphaMode::kMask
                   : source.alphaMode == "BLEND" ? visual::AlphaMode::kBlend
                                                 : visual::AlphaMode::kOpaque;
    m.alpha_cutoff = static_cast<float>(source.alphaCutoff);
    m.double_sided = source.doubleSided;
    materials.push_back(std::move(m));
  }
  return materials;
}

}  // namespace importer
