#include "render/mesh_shader_variant.h"

namespace render {

MeshShaderVariant mesh_shader_variant(visual::SkinningChoice method, MeshPass pass,
                                      visual::MeshColoring color_mode, visual::ShadingMode shading,
                                      bool diffuse_only, int textures, int shadow_taps) {
  MeshShaderVariant v;
  v.method = method;
  v.pass = pass;
  v.color_mode = color_mode;
  if (pass == MeshPass::DepthOnly) {
    if (color_mode == visual::MeshColoring::Material) v.textures = textures;
    return v;
  }
  if (color_mode != visual::MeshColoring::Material) return v;
  v.shading = shading;
  v.diffuse_only = diffuse_only;
  v.textures = textures;
  v.shadow_taps = shadow_taps;
  return v;
}

std::vector<std::string> mesh_shader_defines(const MeshShaderVariant& variant) {
  std::vector<std::string> defines = {
      "COLOR_MODE " + std::to_string(static_cast<int>(variant.color_mode)),
      "SHADING " + std::to_string(static_cast<int>(variant.shading)),
      std::string("DIFFUSE_ONLY ") + (variant.diffuse_only ? "1" : "0"),
      "TEXTURES " + std::to_string(variant.textures),
      "SHADOW_TAPS " + std::to_string(variant.shadow_taps),
  };
  if (variant.pass == MeshPass::DepthOnly) defines.push_back("DEPTH_ONLY");
  if (variant.pass == MeshPass::Color &&
      variant.color_mode == visual::MeshColoring::SkinningDifference) {
    defines.push_back("DIFFERENCE_VIEW");
  }
  return defines;
}

}  // namespace render
