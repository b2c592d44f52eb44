#include "import/mesh_builder.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

#include "import/blend_shapes.h"
#include "import/non_finite_vertices.h"
#include "import/vertex_influences.h"

namespace importer {
namespace {

// The joint a node's geometry follows: the node's own joint, else its nearest joint ancestor,
// else the first joint (the single joint of a static scene).
int rigid_joint(const SkeletonBuild& skeleton, const aiNode* node) {
  for (const aiNode* n = node; n != nullptr; n = n->mParent) {
    if (const int joint = skeleton.joint_of(n); joint >= 0) return joint;
  }
  return 0;
}

// Texture coordinates, tangents and vertex colours, where the mesh has them (after its normals,
// which the tangents' handedness reads).
void convert_surface_attributes(const aiMesh& source, const glm::mat4& to_model,
                                anim::SkinnedMesh& mesh) {
  const unsigned n = source.mNumVertices;
  if (source.HasTextureCoords(0)) {
    // assimp puts the UV origin at the image's bottom-left (it flips glTF's v on import);
    // SkinnedMesh::uvs use glTF's top-left origin, the row order images are stored in.
    mesh.uvs.resize(n);
    for (unsigned v = 0; v < n; ++v) {
      mesh.uvs[v] = {source.mTextureCoords[0][v].x, 1.0f - source.mTextureCoords[0][v].y};
    }
  }
  if (source.HasTangentsAndBitangents() && source.HasNormals() && source.HasTextureCoords(0)) {
    mesh.tangents.resize(n);
    for (unsigned v = 0; v < n; ++v) {
      glm::vec3 tangent = glm::mat3(to_model) * to_glm(source.mTangents[v]);
      const glm::vec3 bitangent = glm::mat3(to_model) * to_glm(source.mBitangents[v]);
      const float length = glm::length(tangent);
      tangent = length > 0.0f && std::isfinite(length) ? tangent / length : glm::vec3(1, 0, 0);
      // glTF's bitangent, cross(normal, tangent) * w, points towards the image's top (v up in
      // assimp's convention, as assimp's own bitangent does), so w is their agreement.
      const float handedness =
          glm::dot(glm::cross(mesh.normals[v], tangent), bitangent) < 0.0f ? -1.0f : 1.0f;
      mesh.tangents[v] = glm::vec4(tangent, handedness);
    }
  }
  if (source.HasVertexColors(0)) {
    mesh.colors.resize(n);
    for (unsigned v = 0; v < n; ++v) {
      const aiColor4D& c = source.mColors[0][v];
      mesh.colors[v] = {c.r, c.g, c.b, c.a};
    }
  }
}

anim::SkinnedMesh convert_mesh(const aiScene& scene, const aiMesh& source, const aiNode& node,
                               const SceneConversion& conversion, const SkeletonBuild& skeleton,
                               const ImportSettings& settings, InfluenceStats& stats) {
  anim::SkinnedMesh mesh;
  mesh.name = source.mName.length > 0 ? source.mName.C_Str() : node.mName.C_Str();
  mesh.node_name = node.mName.C_Str();
  mesh.material =
      source.mMaterialIndex < scene.mNumMaterials ? static_cast<int>(source.mMaterialIndex) : -1;
  const glm::mat4 to_model = mesh_to_model(conversion, &node, source.mNumBones > 0);
  const glm::mat3 normal_to_model = glm::transpose(glm::inverse(glm::mat3(to_model)));
  const unsigned n = source.mNumVertices;
  mesh.positions.resize(n);
  for (unsigned v = 0; v < n; ++v) {
    mesh.positions[v] =
        glm::vec3(to_model * glm::vec4(to_glm(source.mVertices[v]) * conversion.unit_scale, 1.0f));
  }
  mesh.normals.assign(n, glm::vec3(0.0f, 1.0f, 0.0f));
  if (source.HasNormals()) {
    for (unsigned v = 0; v < n; ++v) {
      const glm::vec3 normal = normal_to_model * to_glm(source.mNormals[v]);
      const float length = glm::length(normal);
      if (length > 0.0f && std::isfinite(length)) mesh.normals[v] = normal / length;
    }
  }
  convert_surface_attributes(source, to_model, mesh);
  mesh.indices.reserve(static_cast<std::size_t>(source.mNumFaces) * 3);
  for (unsigned f = 0; f < source.mNumFaces; ++f) {
    const aiFace& face = source.mFaces[f];
    if (face.mNumIndices != 3) continue;
    mesh.indices.insert(mesh.indices.end(), face.mIndices, face.mIndices + 3);
  }

  const unsigned node_joint = static_cast<unsigned>(rigid_joint(skeleton, &node));
  std::vector<std::vector<Influence>> per_vertex(n);
  for (unsigned b = 0; b < source.mNumBones; ++b) {
    const aiBone& bone = *source.mBones[b];
    const aiNode* bone_node = scene.mRootNode->FindNode(bone.mName);
    const int joint = skeleton.joint_of(bone_node);
    if (joint < 0) continue;
    for (unsigned w = 0; w < bone.mNumWeights; ++w) {
      const aiVertexWeight& weight = bone.mWeights[w];
      if (weight.mVertexId < n && weight.mWeight > 0.0f && std::isfinite(weight.mWeight)) {
        per_vertex[weight.mVertexId].emplace_back(static_cast<unsigned>(joint), weight.mWeight);
      }
    }
  }
  InfluenceStats mesh_stats;
  write_influences(per_vertex, settings.max_influences == 8 ? 8 : 4, node_joint, mesh, mesh_stats);
  stats.cut += mesh_stats.cut;
  stats.renormalized += mesh_stats.renormalized;
  // Unskinned meshes are all "unweighted" by design; only skinned ones deserve a warning.
  if (source.mNumBones > 0) stats.unweighted += mesh_stats.unweighted;
  return mesh;
}

}  // namespace

const aiMesh* skeleton_stand_in(const aiScene& scene) {
  if (scene.mNumMeshes != 1) return nullptr;
  const aiMesh& source = *scene.mMeshes[0];
  if (source.HasTextureCoords(0) || source.mNumBones == 0) return nullptr;
  if (source.mMaterialIndex >= scene.mNumMaterials) return nullptr;
  aiString name;
  if (scene.mMaterials[source.mMaterialIndex]->Get(AI_MATKEY_NAME, name) != AI_SUCCESS ||
      std::string_view(name.C_Str()) != "SkeletonMaterial") {
    return nullptr;
  }
  for (unsigned b = 0; b < source.mNumBones; ++b) {
    const aiBone& bone = *source.mBones[b];
    for (unsigned w = 0; w < bone.mNumWeights; ++w) {
      if (bone.mWeights[w].mWeight != 1.0f) return nullptr;
    }
  }
  return &source;
}

void build_meshes(const aiScene& scene, const SceneConversion& conversion,
                  const SkeletonBuild& skeleton, const ImportSettings& settings,
                  const aiMesh* left_out, std::vector<anim::SkinnedMesh>& out,
                  ImportReport& report) {
  out.clear();
  InfluenceStats stats;
  std::size_t non_finite = 0;
  int shapes_with_normals_made = 0;
  std::vector<const aiNode*> stack{scene.mRootNode};
  std::vector<const aiNode*> order;
  // Depth-first in file order, so meshes come out in the order the file lists them.
  while (!stack.empty()) {
    const aiNode* node = stack.back();
    stack.pop_back();
    order.push_back(node);
    for (unsigned i = node->mNumChildren; i-- > 0;) stack.push_back(node->mChildren[i]);
  }
  for (const aiNode* node : order) {
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
      const aiMesh& source = *scene.mMeshes[node->mMeshes[i]];
      if (&source == left_out) continue;
      if ((source.mPrimitiveTypes & aiPrimitiveType_TRIANGLE) == 0) {
        report.warnings.push_back(std::string("mesh '") + source.mName.C_Str() +
                                  "' has no triangles (points or lines only); skipped");
        continue;
      }
      out.push_back(convert_mesh(scene, source, *node, conversion, skeleton, settings, stats));
      shapes_with_normals_made +=
          convert_blend_shapes(source, mesh_to_model(conversion, node, source.mNumBones > 0),
                               conversion.unit_scale, out.back());
      non_finite += drop_non_finite_triangles(out.back());
    }
  }
  if (non_finite > 0) report.warnings.push_back(non_finite_triangles_warning(non_finite));
  if (shapes_with_normals_made > 0) {
    report.warnings.push_back(
        std::to_string(shapes_with_normals_made) +
        " blend shapes came with the base mesh's normals (as assimp reads FBX shapes); their "
        "normals were recomputed from their faces");
  }
  report.vertices_with_cut_influences += stats.cut;
  report.vertices_renormalized += stats.renormalized;
  if (stats.unweighted > 0) {
    report.warnings.push_back(std::to_string(stats.unweighted) +
                              " skinned vertices have no weights; they follow their mesh's node");
  }
}

}  // namespace importer
