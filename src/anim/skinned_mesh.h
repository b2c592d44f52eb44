#pragma once
// Skinned mesh geometry: what CPU reference skinning and the GPU pipelines consume.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

// One morph target (blend shape) of a mesh: per-vertex offsets added to the base mesh times the
// target's weight, before skinning, in the same (model) space as the mesh. normals and tangents
// are empty when the target does not move them; tangent deltas have no handedness.
struct MorphTarget {
  std::string name;
  std::vector<glm::vec3> positions;  // metres
  std::vector<glm::vec3> normals;
  std::vector<glm::vec3> tangents;
};

// Up to 8 influences per vertex in two sets of four, as glTF's JOINTS_0/WEIGHTS_0 and
// JOINTS_1/WEIGHTS_1. joints1/weights1 are empty when no vertex needs more than four.
// Weights of a vertex sum to one across both sets. Joint indices refer to the skeleton.
struct SkinnedMesh {
  std::string name;
  // The file's node that holds the mesh (what morph weight tracks and pose --json name); the
  // meshes of one node (glTF primitives) share its morph weights.
  std::string node_name;
  std::vector<glm::vec3> positions;  // bind pose, model space, metres
  std::vector<glm::vec3> normals;
  // Texture coordinates in glTF's convention, whatever the file's format: (0, 0) is the
  // image's first row as stored in the file (top-left), v grows downwards. Empty when none.
  std::vector<glm::vec2> uvs;
  std::vector<glm::vec4> tangents;  // xyz and handedness in w; empty: generated when needed
  std::vector<glm::vec4> colors;    // linear RGBA vertex colours; empty when the mesh has none
  std::vector<glm::uvec4> joints0;
  std::vector<glm::vec4> weights0;
  std::vector<glm::uvec4> joints1;
  std::vector<glm::vec4> weights1;
  std::vector<std::uint32_t> indices;  // triangles
  // The mesh's morph targets, in the file's order; the positions, normals and tangents above are
  // the base mesh, without them.
  std::vector<MorphTarget> morph_targets;
  // The default weight of each target (the node's, else the mesh's; 0 where the file has none).
  std::vector<float> morph_weights;
  int material = -1;  // index into the character's materials, or -1

  std::size_t vertex_count() const { return positions.size(); }
  bool has_second_influence_set() const { return !joints1.empty(); }
};

}  // namespace anim
