#include "import/scene_conversion.h"

#include <cmath>
#include <cstdint>
#include <string_view>

#include <assimp/metadata.h>
#include <glm/gtc/matrix_transform.hpp>

namespace importer {
namespace {

// FBX stores UnitScaleFactor as centimetres per unit (double in most files, float in some).
bool fbx_unit_scale(const aiScene& scene, float& metres_per_unit) {
  if (scene.mMetaData == nullptr) return false;
  double cm = 0.0;
  float cm_f = 0.0f;
  if (scene.mMetaData->Get("UnitScaleFactor", cm)) {
    metres_per_unit = static_cast<float>(cm * 0.01);
  } else if (scene.mMetaData->Get("UnitScaleFactor", cm_f)) {
    metres_per_unit = cm_f * 0.01f;
  } else {
    return false;
  }
  return std::isfinite(metres_per_unit) && metres_per_unit > 0.0f;
}

// FBX's UpAxis: 0 = X, 1 = Y, 2 = Z. Only Z-up needs converting in practice.
bool fbx_is_z_up(const aiScene& scene) {
  int32_t up = 1;
  return scene.mMetaData != nullptr && scene.mMetaData->Get("UpAxis", up) && up == 2;
}

bool nearly(float a, float b) {
  return std::abs(a - b) <= 1e-4f * std::max(1.0f, std::abs(b));
}

}  // namespace

glm::mat4 to_glm(const aiMatrix4x4& m) {
  return glm::mat4(m.a1, m.b1, m.c1, m.d1, m.a2, m.b2, m.c2, m.d2, m.a3, m.b3, m.c3, m.d3, m.a4,
                   m.b4, m.c4, m.d4);
}

SceneConversion make_scene_conversion(const aiScene& scene, const ImportSettings& settings,
                                      bool root_is_animated, std::vector<std::string>& warnings) {
  SceneConversion c;
  c.root = scene.mRootNode;
  float file_scale = 1.0f;
  if (settings.unit_scale > 0.0f) {
    file_scale = settings.unit_scale;
  } else {
    fbx_unit_scale(scene, file_scale);
  }
  c.root_unit_scale = file_scale;
  c.unit_scale = file_scale;
  c.root_without_scale = anim::from_matrix(to_glm(scene.mRootNode->mTransformation));
  const glm::vec3 root_scale = c.root_without_scale.scale;
  if (!root_is_animated && !nearly(root_scale.x, 1.0f)) {
    if (nearly(root_scale.x, root_scale.y) && nearly(root_scale.x, root_scale.z) &&
        root_scale.x > 0.0f) {
      c.unit_scale *= root_scale.x;
      c.root_without_scale.scale = glm::vec3(1.0f);
      c.root_scale_taken_out = true;
    } else {
      warnings.push_back("the scene root has a non-uniform scale; it is kept on the root joints");
    }
  }
  // A chosen scale is the whole scale, what the report calls applied: it replaces Collada's
  // <unit> (which assimp puts in the root's scale) rather than multiplying it.
  if (settings.unit_scale > 0.0f && c.root_scale_taken_out) {
    c.unit_scale = settings.unit_scale;
    c.root_unit_scale = settings.unit_scale / root_scale.x;
  }
  c.root_without_scale.translation *= c.root_unit_scale;

  aiString format;
  c.skinned_meshes_ignore_node =
      scene.mMetaData != nullptr && scene.mMetaData->Get("SourceAsset_Format", format) &&
      std::string_view(format.C_Str()).find("glTF") != std::string_view::npos;

  const bool z_up =
      settings.up_axis == UpAxis::kZ || (settings.up_axis == UpAxis::kAuto && fbx_is_z_up(scene));
  if (z_up) {
    // Z-up to Y-up: a -90 degree turn about X maps +Z to +Y and +Y to -Z.
    c.axis.rotation = glm::angleAxis(glm::radians(-90.0f), glm::vec3(1.0f, 0.0f, 0.0f));
    c.up_axis_converted = true;
  }
  return c;
}

float translation_scale(const SceneConversion& conversion, const aiNode* node) {
  return node == conversion.root ? conversion.root_unit_scale : conversion.unit_scale;
}

glm::mat4 converted_local(const SceneConversion& conversion, const aiNode* node) {
  if (node == conversion.root) {
    if (conversion.root_scale_taken_out) return anim::to_matrix(conversion.root_without_scale);
    glm::mat4 m = to_glm(node->mTransformation);
    m[3] = glm::vec4(glm::vec3(m[3]) * conversion.root_unit_scale, 1.0f);
    return m;
  }
  glm::mat4 m = to_glm(node->mTransformation);
  m[3] = glm::vec4(glm::vec3(m[3]) * conversion.unit_scale, 1.0f);
  return m;
}

glm::mat4 converted_global(const SceneConversion& conversion, const aiNode* node) {
  glm::mat4 m(1.0f);
  for (const aiNode* n = node; n != nullptr; n = n->mParent) m = converted_local(conversion, n) * m;
  return anim::to_matrix(conversion.axis) * m;
}

}  // namespace importer

namespace importer {

glm::mat4 mesh_to_model(const SceneConversion& conversion, const aiNode* node, bool skinned) {
  return converted_global(conversion,
                          skinned && conversion.skinned_meshes_ignore_node ? nullptr : node);
}

}  // namespace importer
