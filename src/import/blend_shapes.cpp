#include "import/blend_shapes.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "import/scene_conversion.h"

namespace importer {
namespace {

// Each vertex's normal as the sum of its faces' (area-weighted) normals, normalized.
std::vector<glm::vec3> face_weighted_normals(const std::vector<glm::vec3>& positions,
                                             const std::vector<std::uint32_t>& indices) {
  std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
  for (std::size_t f = 0; f + 2 < indices.size(); f += 3) {
    const std::uint32_t a = indices[f], b = indices[f + 1], c = indices[f + 2];
    const glm::vec3 n = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
    normals[a] += n;
    normals[b] += n;
    normals[c] += n;
  }
  for (glm::vec3& n : normals) {
    const float length = glm::length(n);
    n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f);
  }
  return normals;
}

}  // namespace

std::string blend_shape_name(const aiAnimMesh& shape, unsigned index) {
  std::string name = shape.mName.C_Str();
  if (const std::size_t colons = name.rfind("::"); colons != std::string::npos) {
    name = name.substr(colons + 2);
  }
  return name.empty() ? "shape_" + std::to_string(index) : name;
}

int convert_blend_shapes(const aiMesh& source, const glm::mat4& to_model, float unit_scale,
                         anim::SkinnedMesh& mesh) {
  const unsigned n = source.mNumVertices;
  const glm::mat3 linear = glm::mat3(to_model) * unit_scale;
  std::vector<glm::vec3> base_normals;  // computed from the faces once, when a shape needs them
  int recomputed = 0;
  for (unsigned s = 0; s < source.mNumAnimMeshes; ++s) {
    const aiAnimMesh& shape = *source.mAnimMeshes[s];
    if (shape.mNumVertices != n || shape.mVertices == nullptr) continue;
    anim::MorphTarget target;
    target.name = blend_shape_name(shape, s);
    target.positions.resize(n);
    bool moves = false, turns = false;
    for (unsigned v = 0; v < n; ++v) {
      const glm::vec3 delta = to_glm(shape.mVertices[v]) - to_glm(source.mVertices[v]);
      target.positions[v] = linear * delta;
      moves = moves || glm::length(delta) > 0.0f;
      if (shape.mNormals && source.mNormals) {
        turns =
            turns || glm::length(to_glm(shape.mNormals[v]) - to_glm(source.mNormals[v])) > 1e-4f;
      }
    }
    if (moves && !turns) {
      if (base_normals.empty()) base_normals = face_weighted_normals(mesh.positions, mesh.indices);
      std::vector<glm::vec3> moved = mesh.positions;
      for (unsigned v = 0; v < n; ++v) moved[v] += target.positions[v];
      const std::vector<glm::vec3> shape_normals = face_weighted_normals(moved, mesh.indices);
      target.normals.resize(n);
      for (unsigned v = 0; v < n; ++v) target.normals[v] = shape_normals[v] - base_normals[v];
      ++recomputed;
    } else if (shape.mNormals && source.mNormals) {
      const glm::mat3 normal_to_model = glm::transpose(glm::inverse(glm::mat3(to_model)));
      target.normals.resize(n);
      for (unsigned v = 0; v < n; ++v) {
        const glm::vec3 normal = normal_to_model * to_glm(shape.mNormals[v]);
        const float length = glm::length(normal);
        target.normals[v] = length > 0.0f && std::isfinite(length)
                                ? normal / length - mesh.normals[v]
                                : glm::vec3(0.0f);
      }
    }
    mesh.morph_targets.push_back(std::move(target));
    mesh.morph_weights.push_back(0.0f);
  }
  return recomputed;
}

}  // namespace importer
