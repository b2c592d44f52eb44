#include "support/gltf_writer.h"

#include <cstring>

#include <glm/gtc/type_ptr.hpp>

#include "support/temp_files.h"

namespace test {
namespace {

std::string base64(const std::vector<std::uint8_t>& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t b0 = bytes[i];
    const std::uint32_t b1 = i + 1 < bytes.size() ? bytes[i + 1] : 0;
    const std::uint32_t b2 = i + 2 < bytes.size() ? bytes[i + 2] : 0;
    const std::uint32_t triple = (b0 << 16) | (b1 << 8) | b2;
    out += table[(triple >> 18) & 63];
    out += table[(triple >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(triple >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? table[triple & 63] : '=';
  }
  return out;
}

int components(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  return 16;  // MAT4
}

}  // namespace

GltfWriter::GltfWriter() {
  doc_ = {{"asset", {{"version", "2.0"}}},
          {"scene", 0},
          {"scenes", {{{"nodes", nlohmann::json::array()}}}},
          {"nodes", nlohmann::json::array()},
          {"accessors", nlohmann::json::array()},
          {"bufferViews", nlohmann::json::array()}};
}

int GltfWriter::add_node(const std::string& name, const glm::vec3& translation,
                         const glm::quat& rotation) {
  const int index = static_cast<int>(doc_["nodes"].size());
  doc_["nodes"].push_back({{"name", name},
                           {"translation", {translation.x, translation.y, translation.z}},
                           {"rotation", {rotation.x, rotation.y, rotation.z, rotation.w}}});
  doc_["scenes"][0]["nodes"].push_back(index);
  return index;
}

void GltfWriter::add_child(int parent, int child) {
  doc_["nodes"][parent]["children"].push_back(child);
  auto& roots = doc_["scenes"][0]["nodes"];
  for (auto it = roots.begin(); it != roots.end(); ++it) {
    if (*it == child) {
      roots.erase(it);
      break;
    }
  }
}

int GltfWriter::add_view(const void* data, std::size_t bytes) {
  while (buffer_.size() % 4 != 0) buffer_.push_back(0);
  const std::size_t offset = buffer_.size();
  buffer_.resize(offset + bytes);
  std::memcpy(buffer_.data() + offset, data, bytes);
  doc_["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
  return static_cast<int>(doc_["bufferViews"].size()) - 1;
}

int GltfWriter::add_floats(const std::vector<float>& values, const std::string& type) {
  const int view = add_view(values.data(), values.size() * sizeof(float));
  nlohmann::json accessor = {{"bufferView", view},
                             {"componentType", 5126},
                             {"count", values.size() / components(type)},
                             {"type", type}};
  if (type == "SCALAR" && !values.empty()) {  // animation inputs need min and max
    accessor["min"] = {values.front()};
    accessor["max"] = {values.back()};
  }
  if (type == "VEC3" && !values.empty()) {  // positions need min and max
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (std::size_t i = 0; i + 2 < values.size(); i += 3) {
      const glm::vec3 v(values[i], values[i + 1], values[i + 2]);
      lo = glm::min(lo, v);
      hi = glm::max(hi, v);
    }
    accessor["min"] = {lo.x, lo.y, lo.z};
    accessor["max"] = {hi.x, hi.y, hi.z};
  }
  doc_["accessors"].push_back(accessor);
  return static_cast<int>(doc_["accessors"].size()) - 1;
}

int GltfWriter::add_ushorts(const std::vector<std::uint16_t>& values, const std::string& type) {
  const int view = add_view(values.data(), values.size() * sizeof(std::uint16_t));
  doc_["accessors"].push_back({{"bufferView", view},
                               {"componentType", 5123},
                               {"count", values.size() / components(type)},
                               {"type", type}});
  return static_cast<int>(doc_["accessors"].size()) - 1;
}

int GltfWriter::add_mesh(int node, const std::vector<glm::vec3>& positions,
                         const std::vector<std::uint16_t>& indices,
                         const std::vector<std::vector<std::uint16_t>>& joint_sets,
                         const std::vector<std::vector<float>>& weight_sets) {
  std::vector<float> flat;
  for (const glm::vec3& p : positions) flat.insert(flat.end(), {p.x, p.y, p.z});
  nlohmann::json attributes = {{"POSITION", add_floats(flat, "VEC3")}};
  for (std::size_t s = 0; s < joint_sets.size(); ++s) {
    attributes["JOINTS_" + std::to_string(s)] = add_ushorts(joint_sets[s], "VEC4");
    attributes["WEIGHTS_" + std::to_string(s)] = add_floats(weight_sets[s], "VEC4");
  }
  const int index_accessor = add_ushorts(indices, "SCALAR");
  doc_["meshes"].push_back(
      {{"primitives", {{{"attributes", attributes}, {"indices", index_accessor}}}}});
  const int mesh = static_cast<int>(doc_["meshes"].size()) - 1;
  doc_["nodes"][node]["mesh"] = mesh;
  return mesh;
}

void GltfWriter::add_skin(int node, const std::vector<int>& joints,
                          const std::vector<glm::mat4>& inverse_bind) {
  std::vector<float> flat;
  for (const glm::mat4& m : inverse_bind) {
    const float* p = glm::value_ptr(m);
    flat.insert(flat.end(), p, p + 16);
  }
  const int view = add_view(flat.data(), flat.size() * sizeof(float));
  doc_["accessors"].push_back(
      {{"bufferView", view}, {"componentType", 5126}, {"count", joints.size()}, {"type", "MAT4"}});
  const int accessor = static_cast<int>(doc_["accessors"].size()) - 1;
  doc_["skins"].push_back({{"joints", joints}, {"inverseBindMatrices", accessor}});
  doc_["nodes"][node]["skin"] = static_cast<int>(doc_["skins"].size()) - 1;
}

void GltfWriter::add_animation(const std::string& name, const std::vector<Channel>& channels) {
  nlohmann::json samplers = nlohmann::json::array();
  nlohmann::json targets = nlohmann::json::array();
  for (const Channel& c : channels) {
    const int input = add_floats(c.times, "SCALAR");
    const int output = add_floats(c.values, c.path == "rotation"  ? "VEC4"
                                            : c.path == "weights" ? "SCALAR"
                                                                  : "VEC3");
    targets.push_back(
        {{"sampler", samplers.size()}, {"target", {{"node", c.node}, {"path", c.path}}}});
    samplers.push_back({{"input", input}, {"output", output}, {"interpolation", c.interpolation}});
  }
  doc_["animations"].push_back({{"name", name}, {"samplers", samplers}, {"channels", targets}});
}

std::filesystem::path GltfWriter::write(const std::filesystem::path& path) const {
  nlohmann::json doc = doc_;
  doc["buffers"] = {{{"byteLength", buffer_.size()},
                     {"uri", "data:application/octet-stream;base64," + base64(buffer_)}}};
  // A mesh needs a material for some importers' defaults; glTF allows none.
  write_file(path, doc.dump(1));
  return path;
}

}  // namespace test
