#include "render/character_gpu.h"

#include "anim/active_morph_targets.h"
#include "anim/morph_weights.h"

#include <filesystem>
#include <set>

namespace render {
namespace {

// Loads texture into out; on failure adds the warning unless an earlier one named the same
// image, and returns false.
bool load_texture(const visual::Texture& texture, const CharacterSource& character,
                  const std::string& label, render::TextureEncoding encoding,
                  render::Texture2D& out, std::set<std::string>& reported,
                  std::vector<std::string>& warnings) {
  std::string error;
  std::string key;
  if (!texture.encoded.empty()) {
    error = out.load_encoded(texture.encoded, label, encoding);
    key = label;
  } else {
    // The importer resolved the path against the model's folder: it is used as it is (resolved
    // again, a model opened by a relative path looked for its images in the wrong folder).
    key = texture.path;
    if (!std::filesystem::exists(key)) {
      error = key + ": texture not found (" + label + ")";
    } else {
      error = out.load_file(key, encoding);
    }
  }
  if (error.empty()) return true;
  if (reported.insert(key).second) warnings.push_back(character.source_path + ": " + error);
  return false;
}

const render::Texture2D* valid_or_null(const render::Texture2D& texture) {
  return texture.valid() ? &texture : nullptr;
}

}  // namespace

render::SurfaceAlphaMode surface_alpha_mode(visual::AlphaMode mode) {
  switch (mode) {
    case visual::AlphaMode::kMask:
      return render::SurfaceAlphaMode::Mask;
    case visual::AlphaMode::kBlend:
      return render::SurfaceAlphaMode::Blend;
    case visual::AlphaMode::kOpaque:
      break;
  }
  return render::SurfaceAlphaMode::Opaque;
}

std::span<const float> CharacterGpu::mesh_morph_weights(std::size_t i,
                                                        std::span<const float> weights) const {
  if (i >= meshes.size() || i >= first_morph_channel.size() || first_morph_channel[i] < 0) {
    return {};
  }
  const auto first = static_cast<std::size_t>(first_morph_channel[i]);
  const auto count = static_cast<std::size_t>(meshes[i].morph_target_count());
  if (first + count > weights.size()) return {};
  return weights.subspan(first, count);
}

void CharacterGpu::upload(const CharacterSource& character) {
  first_morph_channel =
      anim::first_morph_channel_of(character.meshes, anim::morph_channels_of(character.meshes));
  meshes.clear();
  mesh_centers.clear();
  textures.clear();
  materials.clear();
  warnings.clear();
  for (const anim::SkinnedMesh& mesh : character.meshes) {
    render::GpuMesh gpu;
    const std::string error = gpu.upload(mesh, character.joint_count);
    // A failed mesh stays as an empty slot so indices keep matching character.meshes.
    if (!error.empty()) warnings.push_back(character.source_path + ": " + error);
    if (mesh.morph_targets.size() > static_cast<std::size_t>(anim::kMaxActiveMorphTargets)) {
      warnings.push_back(character.source_path + ": mesh '" + mesh.name + "' has " +
                         std::to_string(mesh.morph_targets.size()) +
                         " morph targets; when more than " +
                         std::to_string(anim::kMaxActiveMorphTargets) +
                         " are active at once, only those of largest weight are applied");
    }
    meshes.push_back(std::move(gpu));
    glm::vec3 sum(0.0f);
    for (const glm::vec3& p : mesh.positions) sum += p;
    mesh_centers.push_back(mesh.positions.empty() ? sum : sum / float(mesh.positions.size()));
  }
  // Sized once: materials point into it.
  textures = std::vector<MaterialTextures>(character.materials.size());
  materials.resize(character.materials.size());
  std::set<std::string> reported;
  for (std::size_t i = 0; i < character.materials.size(); ++i) {
    const visual::Material& m = character.materials[i];
    MaterialTextures& t = textures[i];
    const std::string label = "material '" + m.name + "'";
    auto load = [&](const visual::Texture& texture, const char* what,
                    render::TextureEncoding encoding, render::Texture2D& out) {
      return texture.empty() || load_texture(texture, character, label + " " + what, encoding, out,
                                             reported, warnings);
    };
    const bool base_ok =
        load(m.base_color_texture, "base colour", render::TextureEncoding::kSrgb, t.base_color);
    load(m.metallic_roughness_texture, "metallic-roughness", render::TextureEncoding::kLinear,
         t.metallic_roughness);
    load(m.normal_texture, "normal", render::TextureEncoding::kLinear, t.normal);
    load(m.occlusion_texture, "occlusion", render::TextureEncoding::kLinear, t.occlusion);
    load(m.emissive_texture, "emissive", render::TextureEncoding::kSrgb, t.emissive);
    if (!base_ok && !checker.valid()) checker.load_checker();

    render::SurfaceMaterial& s = materials[i];
    s.base_color = m.base_color;
    s.base_color_texture = base_ok ? valid_or_null(t.base_color) : &checker;
    s.metallic = m.metallic;
    s.roughness = m.roughness;
    s.metallic_roughness_texture = valid_or_null(t.metallic_roughness);
    s.normal_texture = valid_or_null(t.normal);
    s.normal_scale = m.normal_scale;
    s.occlusion_texture = valid_or_null(t.occlusion);
    s.occlusion_strength = m.occlusion_strength;
    s.emissive = m.emissive;
    s.emissive_texture = valid_or_null(t.emissive);
    s.alpha_mode = surface_alpha_mode(m.alpha_mode);
    s.alpha_cutoff = m.alpha_cutoff;
    s.double_sided = m.double_sided;
    const visual::Texture* sources[5] = {&m.base_color_texture, &m.metallic_roughness_texture,
                                         &m.normal_texture, &m.occlusion_texture,
                                         &m.emissive_texture};
    for (int k = 0; k < 5; ++k) s.uv_transforms[k] = visual::uv_matrix(sources[k]->transform);
  }
}

}  // namespace render
