#pragma once
// A skinned mesh in GPU memory: one vertex array with the bind-pose attributes and the joint
// influences that the skinning shaders read, and an index buffer of triangles.

#include <cstddef>
#include <string>

#include "anim/skinned_mesh.h"

namespace render {

// Vertex attribute locations shared with shaders/skin_lbs.vert and shaders/skin_dq.vert.
enum VertexAttribute : unsigned {
  kAttribPosition = 0,
  kAttribNormal = 1,
  kAttribUv = 2,
  kAttribJoints0 = 3,
  kAttribWeights0 = 4,
  kAttribJoints1 = 5,
  kAttribWeights1 = 6,
  kAttribTangent = 7,
  kAttribColor = 8,
};

// Floats per vertex of one morph target in the deltas buffer: position, normal and tangent
// offsets (zero where the target has none), target-major (shaders/skin_common.glsl).
inline constexpr int kMorphFloatsPerVertex = 9;

class GpuMesh {
 public:
  GpuMesh() = default;
  GpuMesh(const GpuMesh&) = delete;
  GpuMesh& operator=(const GpuMesh&) = delete;
  GpuMesh(GpuMesh&& other) noexcept;
  GpuMesh& operator=(GpuMesh&& other) noexcept;
  ~GpuMesh();

  // Uploads mesh (positions, normals, uvs when present, tangents (the mesh's, else generated
  // when it has uvs), vertex colours when present, joints0/weights0, and joints1/weights1
  // when the mesh has a second influence set). Returns "" on success, otherwise a message
  // naming the mesh and the inconsistency (attribute counts that differ from the vertex count,
  // a missing first influence set, an index that is not a vertex, an index count that is not a
  // multiple of 3, a joint index of joint_count or more). On failure nothing changes.
  std::string upload(const anim::SkinnedMesh& mesh, int joint_count);

  unsigned vertex_array() const { return vao_; }
  int vertex_count() const { return vertex_count_; }
  int index_count() const { return index_count_; }
  bool has_second_influence_set() const { return second_set_; }
  bool has_uvs() const { return has_uvs_; }
  bool has_colors() const { return has_colors_; }
  // The morph targets' deltas buffer (0 when the mesh has none) and its target count.
  unsigned morph_buffer() const { return morph_buffer_; }
  int morph_target_count() const { return morph_target_count_; }
  // The skeleton size the mesh was checked against: a palette must hold at least this many
  // joints per instance.
  int joint_count() const { return joint_count_; }
  // Bytes of vertex and index data in GPU memory.
  std::size_t bytes() const { return bytes_; }

 private:
  void release();

  unsigned vao_ = 0;
  unsigned vertex_buffer_ = 0;
  unsigned index_buffer_ = 0;
  unsigned morph_buffer_ = 0;
  int morph_target_count_ = 0;
  int vertex_count_ = 0;
  int index_count_ = 0;
  int joint_count_ = 0;
  bool second_set_ = false;
  bool has_uvs_ = false;
  bool has_colors_ = false;
  std::size_t bytes_ = 0;
};

}  // namespace render
