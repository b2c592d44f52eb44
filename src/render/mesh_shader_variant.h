#pragma once
// Which mesh.frag program a draw needs: the choices it makes once for all its pixels (colour
// mode, shading, Lambert only, the bound textures, the shadow's taps), compiled in as defines
// rather than read from uniforms. A software renderer (Mesa's llvmpipe) runs both sides of every
// branch of a shader, so each pixel of a uniform-driven program paid for every path; a program
// compiled for the draw's choices runs the path taken only. SkinnedMeshRenderer compiles each
// variant on its first use and keeps it.

#include <compare>
#include <string>
#include <vector>

#include "render/skinning_palette_buffer.h"
#include "visual/view_settings.h"

namespace render {

// The program's pass: the picture, or depth only (shadow maps).
enum class MeshPass { Color = 0, DepthOnly = 1 };

struct MeshShaderVariant {
  visual::SkinningChoice method = visual::SkinningChoice::Lbs;
  MeshPass pass = MeshPass::Color;
  visual::MeshColoring color_mode = visual::MeshColoring::Material;
  visual::ShadingMode shading = visual::ShadingMode::Material;
  bool diffuse_only = false;  // Lambert only (shaders/lighting.glsl's shade_diffuse)
  int textures = 0;           // bit k: the texture on unit k is bound (mesh.frag's k*Texture)
  int shadow_taps = 0;        // comparisons per shadow lookup (1, 4 or 12); 0: no shadow map

  auto operator<=>(const MeshShaderVariant&) const = default;
};

// The variant for a draw with these choices, with those the pass or colour mode never reads set
// to their defaults, so draws that differ only there share one program: depth only reads the
// colour mode and textures (alpha cut-outs); a false colour (influences, difference) reads none
// of the others.
MeshShaderVariant mesh_shader_variant(visual::SkinningChoice method, MeshPass pass,
                                      visual::MeshColoring color_mode, visual::ShadingMode shading,
                                      bool diffuse_only, int textures, int shadow_taps);

// Its defines for ShaderSources (shaders/mesh.frag and lighting.glsl read them; the difference
// view's vertex shader reads DIFFERENCE_VIEW).
std::vector<std::string> mesh_shader_defines(const MeshShaderVariant& variant);

}  // namespace render
