#include "render/gpu_mesh.h"

#include <glad/gl.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "render/tangent_generation.h"

namespace render {
namespace {

// Names the mesh in messages so the user can find it in the file.
std::string mesh_label(const anim::SkinnedMesh& mesh) {
  return "mesh '" + (mesh.name.empty() ? std::string("(unnamed)") : mesh.name) + "'";
}

std::string count_mismatch(const anim::SkinnedMesh& mesh, const char* attribute,
                           std::size_t count) {
  return mesh_label(mesh) + ": " + std::to_string(count) + " " + attribute + " for " +
         std::to_string(mesh.vertex_count()) + " vertices";
}

// The first joint index of joints that is joint_count or more (with a non-zero weight or not:
// the shader reads every index), or -1 when all are in range.
long first_bad_joint(const std::vector<glm::uvec4>& joints, int joint_count) {
  for (std::size_t v = 0; v < joints.size(); ++v) {
    for (int k = 0; k < 4; ++k) {
      if (joints[v][k] >= static_cast<unsigned>(joint_count)) return static_cast<long>(v);
    }
  }
  return -1;
}

std::string validate(const anim::SkinnedMesh& mesh, int joint_count) {
  const std::size_t n = mesh.vertex_count();
  if (n == 0) return mesh_label(mesh) + ": has no vertices";
  if (n > static_cast<std::size_t>(INT32_MAX)) return mesh_label(mesh) + ": too many vertices";
  if (mesh.normals.size() != n) return count_mismatch(mesh, "normals", mesh.normals.size());
  if (!mesh.uvs.empty() && mesh.uvs.size() != n) {
    return count_mismatch(mesh, "uvs", mesh.uvs.size());
  }
  if (!mesh.tangents.empty() && mesh.tangents.size() != n) {
    return count_mismatch(mesh, "tangents", mesh.tangents.size());
  }
  if (!mesh.colors.empty() && mesh.colors.size() != n) {
    return count_mismatch(mesh, "colors", mesh.colors.size());
  }
  if (mesh.joints0.size() != n) return count_mismatch(mesh, "joints0", mesh.joints0.size());
  if (mesh.weights0.size() != n) return count_mismatch(mesh, "weights0", mesh.weights0.size());
  if (mesh.has_second_influence_set()) {
    if (mesh.joints1.size() != n) return count_mismatch(mesh, "joints1", mesh.joints1.size());
    if (mesh.weights1.size() != n) return count_mismatch(mesh, "weights1", mesh.weights1.size());
  } else if (!mesh.weights1.empty()) {
    return count_mismatch(mesh, "joints1", 0);
  }
  if (mesh.indices.size() % 3 != 0) {
    return mesh_label(mesh) + ": " + std::to_string(mesh.indices.size()) +
           " indices is not a whole number of triangles";
  }
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    if (mesh.indices[i] >= n) {
      return mesh_label(mesh) + ": index " + std::to_string(i) + " refers to vertex " +
             std::to_string(mesh.indices[i]) + " of " + std::to_string(n);
    }
  }
  for (const anim::MorphTarget& target : mesh.morph_targets) {
    for (const auto* deltas : {&target.positions, &target.normals, &target.tangents}) {
      if (deltas != &target.positions && deltas->empty()) continue;
      if (deltas->size() != n) {
        return mesh_label(mesh) + ": morph target '" + target.name + "' has " +
               std::to_string(deltas->size()) + " offsets for " + std::to_string(n) + " vertices";
      }
    }
  }
  if (joint_count <= 0) return mesh_label(mesh) + ": skeleton has no joints";
  for (const auto* joints : {&mesh.joints0, &mesh.joints1}) {
    const long v = first_bad_joint(*joints, joint_count);
    if (v >= 0) {
      return mesh_label(mesh) + ": vertex " + std::to_string(v) +
             " refers to a joint beyond the skeleton's " + std::to_string(joint_count);
    }
  }
  return {};
}

// Appends an array to the vertex buffer image and returns its byte offset.
template <typename T>
GLintptr append(std::vector<std::byte>& image, const std::vector<T>& values) {
  const GLintptr offset = static_cast<GLintptr>(image.size());
  const auto* bytes = reinterpret_cast<const std::byte*>(values.data());
  image.insert(image.end(), bytes, bytes + values.size() * sizeof(T));
  return offset;
}

// The morph targets' deltas as the shaders read them: per target, per vertex, the position,
// normal and tangent offsets (zero where the target has none).
std::vector<float> morph_deltas(const anim::SkinnedMesh& mesh) {
  const std::size_t n = mesh.vertex_count();
  std::vector<float> deltas(mesh.morph_targets.size() * n * kMorphFloatsPerVertex, 0.0f);
  for (std::size_t t = 0; t < mesh.morph_targets.size(); ++t) {
    const anim::MorphTarget& target = mesh.morph_targets[t];
    const std::vector<glm::vec3>* parts[] = {&target.positions, &target.normals, &target.tangents};
    for (int part = 0; part < 3; ++part) {
      if (parts[part]->size() != n) continue;
      for (std::size_t v = 0; v < n; ++v) {
        float* out = &deltas[(t * n + v) * kMorphFloatsPerVertex + part * 3];
        for (int c = 0; c < 3; ++c) out[c] = (*parts[part])[v][c];
      }
    }
  }
  return deltas;
}

}  // namespace

GpuMesh::GpuMesh(GpuMesh&& other) noexcept
    : vao_(std::exchange(other.vao_, 0)),
      vertex_buffer_(std::exchange(other.vertex_buffer_, 0)),
      index_buffer_(std::exchange(other.index_buffer_, 0)),
      morph_buffer_(std::exchange(other.morph_buffer_, 0)),
      morph_target_count_(std::exchange(other.morph_target_count_, 0)),
      vertex_count_(std::exchange(other.vertex_count_, 0)),
      index_count_(std::exchange(other.index_count_, 0)),
      joint_count_(std::exchange(other.joint_count_, 0)),
      second_set_(std::exchange(other.second_set_, false)),
      has_uvs_(std::exchange(other.has_uvs_, false)),
      has_colors_(std::exchange(other.has_colors_, false)),
      bytes_(std::exchange(other.bytes_, 0)) {}

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
  if (this != &other) {
    release();
    vao_ = std::exchange(other.vao_, 0);
    vertex_buffer_ = std::exchange(other.vertex_buffer_, 0);
    index_buffer_ = std::exchange(other.index_buffer_, 0);
    morph_buffer_ = std::exchange(other.morph_buffer_, 0);
    morph_target_count_ = std::exchange(other.morph_target_count_, 0);
    vertex_count_ = std::exchange(other.vertex_count_, 0);
    index_count_ = std::exchange(other.index_count_, 0);
    joint_count_ = std::exchange(other.joint_count_, 0);
    second_set_ = std::exchange(other.second_set_, false);
    has_uvs_ = std::exchange(other.has_uvs_, false);
    has_colors_ = std::exchange(other.has_colors_, false);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

GpuMesh::~GpuMesh() {
  release();
}

void GpuMesh::release() {
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (vertex_buffer_) glDeleteBuffers(1, &vertex_buffer_);
  if (index_buffer_) glDeleteBuffers(1, &index_buffer_);
  if (morph_buffer_) glDeleteBuffers(1, &morph_buffer_);
  vao_ = vertex_buffer_ = index_buffer_ = morph_buffer_ = 0;
  morph_target_count_ = 0;
}

std::string GpuMesh::upload(const anim::SkinnedMesh& mesh, int joint_count) {
  if (std::string error = validate(mesh, joint_count); !error.empty()) return error;

  // One buffer holding each attribute as its own contiguous array, each read through its own
  // binding, so the CPU arrays are copied as they are.
  std::vector<std::byte> image;
  struct Array {
    VertexAttribute attribute;
    GLintptr offset;
    GLsizei stride;
    GLint components;
    GLenum type;
  };
  std::vector<Array> arrays = {
      {kAttribPosition, append(image, mesh.positions), sizeof(glm::vec3), 3, GL_FLOAT},
      {kAttribNormal, append(image, mesh.normals), sizeof(glm::vec3), 3, GL_FLOAT},
      {kAttribJoints0, append(image, mesh.joints0), sizeof(glm::uvec4), 4, GL_UNSIGNED_INT},
      {kAttribWeights0, append(image, mesh.weights0), sizeof(glm::vec4), 4, GL_FLOAT},
  };
  if (!mesh.uvs.empty()) {
    arrays.push_back({kAttribUv, append(image, mesh.uvs), sizeof(glm::vec2), 2, GL_FLOAT});
    const std::vector<glm::vec4> generated =
        mesh.tangents.empty() ? generate_tangents(mesh) : std::vector<glm::vec4>{};
    const std::vector<glm::vec4>& tangents = mesh.tangents.empty() ? generated : mesh.tangents;
    arrays.push_back({kAttribTangent, append(image, tangents), sizeof(glm::vec4), 4, GL_FLOAT});
  }
  if (!mesh.colors.empty()) {
    arrays.push_back({kAttribColor, append(image, mesh.colors), sizeof(glm::vec4), 4, GL_FLOAT});
  }
  if (mesh.has_second_influence_set()) {
    arrays.push_back(
        {kAttribJoints1, append(image, mesh.joints1), sizeof(glm::uvec4), 4, GL_UNSIGNED_INT});
    arrays.push_back(
        {kAttribWeights1, append(image, mesh.weights1), sizeof(glm::vec4), 4, GL_FLOAT});
  }

  release();
  glCreateVertexArrays(1, &vao_);
  glCreateBuffers(1, &vertex_buffer_);
  glNamedBufferStorage(vertex_buffer_, static_cast<GLsizeiptr>(image.size()), image.data(), 0);
  for (const Array& a : arrays) {
    const GLuint binding = a.attribute;
    glVertexArrayVertexBuffer(vao_, binding, vertex_buffer_, a.offset, a.stride);
    glEnableVertexArrayAttrib(vao_, a.attribute);
    if (a.type == GL_UNSIGNED_INT) {
      glVertexArrayAttribIFormat(vao_, a.attribute, a.components, a.type, 0);
    } else {
      glVertexArrayAttribFormat(vao_, a.attribute, a.components, a.type, GL_FALSE, 0);
    }
    glVertexArrayAttribBinding(vao_, a.attribute, binding);
  }
  index_count_ = static_cast<int>(mesh.indices.size());
  if (index_count_ > 0) {
    glCreateBuffers(1, &index_buffer_);
    glNamedBufferStorage(index_buffer_,
                         static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
                         mesh.indices.data(), 0);
    glVertexArrayElementBuffer(vao_, index_buffer_);
  }
  std::size_t morph_bytes = 0;
  if (!mesh.morph_targets.empty() && mesh.vertex_count() > 0) {
    const std::vector<float> deltas = morph_deltas(mesh);
    morph_bytes = deltas.size() * sizeof(float);
    glCreateBuffers(1, &morph_buffer_);
    glNamedBufferStorage(morph_buffer_, static_cast<GLsizeiptr>(morph_bytes), deltas.data(), 0);
    morph_target_count_ = static_cast<int>(mesh.morph_targets.size());
  }
  vertex_count_ = static_cast<int>(mesh.vertex_count());
  joint_count_ = joint_count;
  second_set_ = mesh.has_second_influence_set();
  has_uvs_ = !mesh.uvs.empty();
  has_colors_ = !mesh.colors.empty();
  bytes_ = image.size() + mesh.indices.size() * sizeof(std::uint32_t) + morph_bytes;
  return {};
}

}  // namespace render
