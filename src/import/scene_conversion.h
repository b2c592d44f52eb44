#pragma once
// Scene conversion: brings assimp's node transforms, keys and vertices into animview's model
// space (metres, Y-up), and the small assimp-to-glm helpers every builder shares.
//
// The unit scale is baked into translations (node offsets, position keys, vertices, inverse bind
// translations) rather than left as a scale on the root, so joints come out with unit scale and
// metre offsets. The up-axis rotation sits above the scene root. assimp's Collada loader puts
// the file's unit and up axis into the root node's transform: a uniform scale found there is
// taken out and baked the same way (when the root node is not itself animated).

#include <string>
#include <vector>

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/scene.h>
#include <assimp/vector3.h>
#include <glm/glm.hpp>

#include "anim/transform.h"
#include "import/import_settings.h"

namespace importer {

inline glm::vec3 to_glm(const aiVector3D& v) {
  return {v.x, v.y, v.z};
}
inline glm::quat to_glm(const aiQuaternion& q) {
  return glm::quat(q.w, q.x, q.y, q.z);
}
// assimp matrices are row-major with column vectors; glm is column-major.
glm::mat4 to_glm(const aiMatrix4x4& m);

struct SceneConversion {
  // Metres per file unit applied to everything below the root node.
  float unit_scale = 1.0f;
  // Metres per file unit applied to the root node's own translation and keys (the file's unit
  // without the scale that was taken out of the root node).
  float root_unit_scale = 1.0f;
  // The rotation from the file's up axis to Y-up (identity when none was needed).
  anim::Transform axis;
  bool up_axis_converted = false;
  // The root node's transform with its uniform scale taken out (file units, before axis).
  anim::Transform root_without_scale;
  bool root_scale_taken_out = false;
  const aiNode* root = nullptr;
  // glTF skins its vertices in the skeleton's space and ignores the skinned mesh's node
  // transform (assimp passes the inverse bind matrices through unchanged); other formats give
  // mesh-space offsets, so the mesh node's transform applies.
  bool skinned_meshes_ignore_node = false;
};

// Decides the unit scale and up axis for scene from settings and the file's metadata. The root
// node's scale is only taken out when root_is_animated is false (an animated root's keys would
// bring it back). Adds a warning when the root carries a non-uniform scale.
SceneConversion make_scene_conversion(const aiScene& scene, const ImportSettings& settings,
                                      bool root_is_animated, std::vector<std::string>& warnings);

// The model-space matrix of a mesh's vertices on node (see skinned_meshes_ignore_node).
glm::mat4 mesh_to_model(const SceneConversion& conversion, const aiNode* node, bool skinned);

// The metres per file unit for translations in node's local transform and its position keys.
float translation_scale(const SceneConversion& conversion, const aiNode* node);

// node's local transform converted to metres (without the axis rotation, which only applies
// above the root).
glm::mat4 converted_local(const SceneConversion& conversion, const aiNode* node);

// The model-space matrix of node (axis rotation, root and every ancestor, all converted).
// nullptr gives the axis rotation alone: the space above the root.
glm::mat4 converted_global(const SceneConversion& conversion, const aiNode* node);

}  // namespace importer
