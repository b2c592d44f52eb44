#pragma once
// An independent evaluator of glTF 2.0 node transforms for tests: reads the JSON (of a .gltf or
// a .glb) with nlohmann_json and the buffers (data URI, file or GLB chunk), and computes a
// node's scene-space matrix at a time of an animation by sampling its STEP, LINEAR (slerp for
// rotations) and CUBICSPLINE channels by hand, as the spec writes them. It shares no code with
// the importer or the animation runtime, so agreeing with it means something.

#include <filesystem>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace test {

class GltfReference {
 public:
  explicit GltfReference(const std::filesystem::path& file);

  // The node index of the node assimp would call name (glTF name, or "nodes[i]" when unnamed).
  int find_node(const std::string& name) const;
  std::string node_name(int node) const;

  // The node's scene-space matrix at time_s of animation (animation -1: the rest pose).
  glm::mat4 global(int node, int animation, float time_s) const;

  const nlohmann::json& json() const { return doc_; }

 private:
  std::vector<float> read_floats(int accessor) const;
  glm::mat4 local(int node, int animation, float time_s) const;

  nlohmann::json doc_;
  std::vector<std::vector<unsigned char>> buffers_;
  std::vector<int> parent_;
};

}  // namespace test
