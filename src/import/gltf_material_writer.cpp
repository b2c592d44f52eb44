#include "import/gltf_material_writer.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace importer {
namespace {

// The PNG or JPEG bytes of texture, and their mime type; empty when there are none.
std::vector<unsigned char> image_bytes(const visual::Texture& texture, std::string& mime) {
  std::vector<unsigned char> bytes(texture.encoded.begin(), texture.encoded.end());
  if (bytes.empty() && !texture.path.empty()) {
    std::ifstream in(texture.path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  static const unsigned char kPng[] = {0x89, 'P', 'N', 'G'};
  static const unsigned char kJpeg[] = {0xFF, 0xD8, 0xFF};
  if (bytes.size() >= 4 && std::equal(kPng, kPng + 4, bytes.begin())) {
    mime = "image/png";
  } else if (bytes.size() >= 3 && std::equal(kJpeg, kJpeg + 3, bytes.begin())) {
    mime = "image/jpeg";
  } else {
    bytes.clear();
  }
  return bytes;
}

}  // namespace

int MaterialWriter::texture(const visual::Texture& texture) {
  if (texture.empty()) return -1;
  const std::string key = texture.path.empty()
                              ? std::string(texture.encoded.begin(), texture.encoded.end())
                              : "path:" + texture.path;
  if (const auto it = textures_.find(key); it != textures_.end()) return it->second;
  std::string mime;
  const std::vector<unsigned char> bytes = image_bytes(texture, mime);
  int index = -1;
  if (!bytes.empty()) {
    tinygltf::Model& model = builder_.model();
    tinygltf::Image image;
    image.bufferView = builder_.add_view(bytes.data(), bytes.size(), 0);
    image.mimeType = mime;
    model.images.push_back(std::move(image));
    tinygltf::Texture gltf_texture;
    gltf_texture.source = static_cast<int>(model.images.size()) - 1;
    model.textures.push_back(gltf_texture);
    index = static_cast<int>(model.textures.size()) - 1;
  }
  textures_[key] = index;
  return index;
}

void MaterialWriter::add(const visual::Material& m) {
  tinygltf::Material out;
  out.name = m.name;
  out.pbrMetallicRoughness.baseColorFactor = {m.base_color.x, m.base_color.y, m.base_color.z,
                                              m.base_color.w};
  reference(m.base_color_texture, out.pbrMetallicRoughness.baseColorTexture);
  out.pbrMetallicRoughness.metallicFactor = m.metallic;
  out.pbrMetallicRoughness.roughnessFactor = m.roughness;
  reference(m.metallic_roughness_texture, out.pbrMetallicRoughness.metallicRoughnessTexture);
  reference(m.normal_texture, out.normalTexture);
  out.normalTexture.scale = m.normal_scale;
  reference(m.occlusion_texture, out.occlusionTexture);
  out.occlusionTexture.strength = m.occlusion_strength;
  out.emissiveFactor = {m.emissive.x, m.emissive.y, m.emissive.z};
  reference(m.emissive_texture, out.emissiveTexture);
  out.alphaMode = m.alpha_mode == visual::AlphaMode::kMask    ? "MASK"
                  : m.alpha_mode == visual::AlphaMode::kBlend ? "BLEND"
                                                              : "OPAQUE";
  out.alphaCutoff = m.alpha_cutoff;
  out.doubleSided = m.double_sided;
  builder_.model().materials.push_back(std::move(out));
}

}  // namespace importer
