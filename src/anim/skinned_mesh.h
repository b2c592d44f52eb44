#pragma once
// Skinned mesh geometry: what CPU reference skinning and the GPU pipelines consume.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

// Up to 8 influences per vertex in two sets of four, as glTF's JOINTS_0/WEIGHTS_0 and
// JOINTS_1/WEIGHTS_1. joints1/weights1 are empty when no vertex needs more than four.
// Weights of a vertex sum to one across both sets. Joint indices refer to the skeleton.
struct SkinnedMesh {
  std::string name;
  std::vector<glm::vec3> positions;  // bind pose, model space, metres
  std::vector<glm::vec3> normals;
  std::vector<glm::vec2> uvs;        // empty when the mesh has none
  std::vector<glm::uvec4> joints0;
  std::vector<glm::vec4> weights0;
  std::vector<glm::uvec4> joints1;
  std::vector<glm::vec4> weights1;
  std::vector<std::uint32_t> indices;  // triangles
  int material = -1;                   // index into the character's materials, or -1

  std::size_t vertex_count() const { return positions.size(); }
  bool has_second_influence_set() const { return !joints1.empty(); }
};

}  // namespace anim
