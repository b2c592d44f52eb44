// Which mesh.frag program a draw gets: the choices that decide its pixels tell variants apart,
// those its pass or colour mode never reads do not, and each becomes the define mesh.frag reads.
#include "render/mesh_shader_variant.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using render::mesh_shader_defines;
using render::mesh_shader_variant;
using render::MeshPass;
using visual::MeshColoring;
using visual::ShadingMode;
using visual::SkinningChoice;

bool has_define(const render::MeshShaderVariant& v, const std::string& define) {
  const std::vector<std::string> d = mesh_shader_defines(v);
  return std::find(d.begin(), d.end(), define) != d.end();
}

TEST(MeshShaderVariant, TheGroundAndTheCharacterGetDifferentPrograms) {
  const auto ground =
      mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                          ShadingMode::Material, true, 0, 4);
  const auto character =
      mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                          ShadingMode::Material, false, 1, 4);
  EXPECT_NE(ground, character);
  EXPECT_TRUE(has_define(ground, "DIFFUSE_ONLY 1"));
  EXPECT_TRUE(has_define(ground, "TEXTURES 0"));
  EXPECT_TRUE(has_define(ground, "SHADOW_TAPS 4"));
  EXPECT_TRUE(has_define(character, "DIFFUSE_ONLY 0"));
  EXPECT_TRUE(has_define(character, "TEXTURES 1"));
  EXPECT_TRUE(has_define(character, "COLOR_MODE 0"));
  EXPECT_TRUE(has_define(character, "SHADING 0"));
  EXPECT_FALSE(has_define(character, "DEPTH_ONLY"));
  EXPECT_FALSE(has_define(character, "DIFFERENCE_VIEW"));
}

TEST(MeshShaderVariant, EachMethodShadingAndShadowChoiceIsItsOwnProgram) {
  const auto lbs = mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                                       ShadingMode::Material, false, 0, 0);
  auto other = lbs;
  other.method = SkinningChoice::DualQuat;
  EXPECT_NE(other, lbs);
  EXPECT_NE(mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                                ShadingMode::Clay, false, 0, 0),
            lbs);
  EXPECT_TRUE(
      has_define(mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                                     ShadingMode::Matcap, false, 0, 0),
                 "SHADING 1"));
  EXPECT_NE(mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::Material,
                                ShadingMode::Material, false, 0, 4),
            lbs);
}

TEST(MeshShaderVariant, FalseColoursIgnoreTheMaterialAndLightChoices) {
  const auto plain =
      mesh_shader_variant(SkinningChoice::DualQuat, MeshPass::Color, MeshColoring::InfluenceCount,
                          ShadingMode::Material, false, 0, 0);
  const auto busy =
      mesh_shader_variant(SkinningChoice::DualQuat, MeshPass::Color, MeshColoring::InfluenceCount,
                          ShadingMode::Clay, true, 31, 4);
  EXPECT_EQ(plain, busy);
  EXPECT_TRUE(has_define(busy, "COLOR_MODE 1"));
  EXPECT_TRUE(has_define(busy, "SHADOW_TAPS 0"));
  const auto difference =
      mesh_shader_variant(SkinningChoice::Lbs, MeshPass::Color, MeshColoring::SkinningDifference,
                          ShadingMode::Material, false, 3, 0);
  EXPECT_TRUE(has_define(difference, "DIFFERENCE_VIEW"));
  EXPECT_TRUE(has_define(difference, "TEXTURES 0"));
}

TEST(MeshShaderVariant, DepthOnlyKeepsTheTexturesForCutOutsAndDropsTheLighting) {
  const auto depth = mesh_shader_variant(SkinningChoice::Lbs, MeshPass::DepthOnly,
                                         MeshColoring::Material, ShadingMode::Clay, true, 5, 4);
  EXPECT_EQ(depth.textures, 5);
  EXPECT_EQ(depth.shading, ShadingMode::Material);
  EXPECT_FALSE(depth.diffuse_only);
  EXPECT_EQ(depth.shadow_taps, 0);
  EXPECT_TRUE(has_define(depth, "DEPTH_ONLY"));
  // The difference view's vertex stage is not the shadow pass's.
  EXPECT_FALSE(has_define(
      mesh_shader_variant(SkinningChoice::Lbs, MeshPass::DepthOnly,
                          MeshColoring::SkinningDifference, ShadingMode::Material, false, 0, 0),
      "DIFFERENCE_VIEW"));
}

}  // namespace
