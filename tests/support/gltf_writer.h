#pragma once
// A tiny glTF 2.0 writer for tests: builds small files with exactly the data a test needs
// (NaN keys, duplicate names, more than four influences...) in a temporary folder, with the
// buffer embedded as a base64 data URI.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

namespace test {

class GltfWriter {
 public:
  GltfWriter();

  // Adds a node and returns its index. Nodes are roots of the scene unless add_child is called.
  int add_node(const std::string& name, const glm::vec3& translation = glm::vec3(0.0f),
               const glm::quat& rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  void add_child(int parent, int child);

  // Accessors over float, uint16 or uint8 data appended to the buffer. type is "SCALAR",
  // "VEC2", "VEC3", "VEC4". Returns the accessor index.
  int add_floats(const std::vector<float>& values, const std::string& type);
  int add_ushorts(const std::vector<std::uint16_t>& values, const std::string& type);

  // A triangle mesh on node; joints/weights (VEC4 each, optionally a second set) make it skinned
  // by the skin added with add_skin.
  int add_mesh(int node, const std::vector<glm::vec3>& positions,
               const std::vector<std::uint16_t>& indices,
               const std::vector<std::vector<std::uint16_t>>& joint_sets = {},
               const std::vector<std::vector<float>>& weight_sets = {});
  // A skin over joints with inverse bind matrices (column-major, one per joint), used by node.
  void add_skin(int node, const std::vector<int>& joints,
                const std::vector<glm::mat4>& inverse_bind);
  // An animation with one channel per entry: (node, path, times, values as flat floats).
  struct Channel {
    int node;
    std::string path;  // "translation", "rotation", "scale", "weights"
    std::vector<float> times;
    std::vector<float> values;
    std::string interpolation = "LINEAR";
  };
  void add_animation(const std::string& name, const std::vector<Channel>& channels);

  // Writes the file and returns its path.
  std::filesystem::path write(const std::filesystem::path& path) const;

  nlohmann::json& json() { return doc_; }

 private:
  int add_view(const void* data, std::size_t bytes);
  nlohmann::json doc_;
  std::vector<std::uint8_t> buffer_;
};

}  // namespace test
