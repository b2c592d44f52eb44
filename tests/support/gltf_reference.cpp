#include "support/gltf_reference.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "support/temp_files.h"

namespace test {
namespace {

std::vector<unsigned char> decode_base64(const std::string& text) {
  std::vector<unsigned char> out;
  unsigned value = 0;
  int bits = 0;
  for (const char c : text) {
    int digit;
    if (c >= 'A' && c <= 'Z')
      digit = c - 'A';
    else if (c >= 'a' && c <= 'z')
      digit = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      digit = c - '0' + 52;
    else if (c == '+')
      digit = 62;
    else if (c == '/')
      digit = 63;
    else
      continue;  // '=' padding
    value = (value << 6) | static_cast<unsigned>(digit);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<unsigned char>((value >> bits) & 0xFFu));
    }
  }
  return out;
}

int component_count(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  return 16;
}

}  // namespace

GltfReference::GltfReference(const std::filesystem::path& file) {
  std::string bytes;
  read_file(file, bytes);  // unreadable: empty, which the JSON parse below refuses
  // Binary glTF: a 12-byte header, then chunks of (length, type, data): JSON, then BIN.
  std::vector<unsigned char> bin;
  if (bytes.rfind("glTF", 0) == 0) {
    std::size_t at = 12;
    while (at + 8 <= bytes.size()) {
      std::uint32_t length = 0;
      std::uint32_t type = 0;
      std::memcpy(&length, bytes.data() + at, 4);
      std::memcpy(&type, bytes.data() + at + 4, 4);
      const std::string chunk = bytes.substr(at + 8, length);
      if (type == 0x4E4F534Au) doc_ = nlohmann::json::parse(chunk);
      if (type == 0x004E4942u) bin.assign(chunk.begin(), chunk.end());
      at += 8 + length;
    }
  } else {
    doc_ = nlohmann::json::parse(bytes);
  }
  for (const auto& buffer : doc_["buffers"]) {
    if (!buffer.contains("uri")) {
      buffers_.push_back(bin);
      continue;
    }
    const std::string uri = buffer["uri"];
    const std::size_t comma = uri.find(',');
    if (uri.rfind("data:", 0) == 0 && comma != std::string::npos) {
      buffers_.push_back(decode_base64(uri.substr(comma + 1)));
    } else {
      std::string data;
      read_file(file.parent_path() / uri, data);
      buffers_.emplace_back(data.begin(), data.end());
    }
  }
  parent_.assign(doc_["nodes"].size(), -1);
  for (std::size_t n = 0; n < doc_["nodes"].size(); ++n) {
    for (const auto& child : doc_["nodes"][n].value("children", nlohmann::json::array())) {
      parent_[child.get<int>()] = static_cast<int>(n);
    }
  }
}

std::string GltfReference::node_name(int node) const {
  const auto& n = doc_["nodes"][node];
  const std::string name = n.value("name", "");
  return name.empty() ? "nodes[" + std::to_string(node) + "]" : name;
}

int GltfReference::find_node(const std::string& name) const {
  for (std::size_t n = 0; n < doc_["nodes"].size(); ++n) {
    if (node_name(static_cast<int>(n)) == name) return static_cast<int>(n);
  }
  return -1;
}

std::vector<float> GltfReference::read_floats(int accessor_index) const {
  const auto& accessor = doc_["accessors"][accessor_index];
  if (accessor["componentType"] != 5126) throw std::runtime_error("only float accessors");
  const auto& view = doc_["bufferViews"][accessor["bufferView"].get<int>()];
  const std::size_t offset = view.value("byteOffset", 0) + accessor.value("byteOffset", 0);
  const int width = component_count(accessor["type"]);
  const std::size_t count = accessor["count"].get<std::size_t>();
  const std::size_t stride = view.value("byteStride", width * sizeof(float));
  const std::vector<unsigned char>& buffer = buffers_.at(view["buffer"].get<int>());
  std::vector<float> out(count * width);
  for (std::size_t e = 0; e < count; ++e) {
    std::memcpy(out.data() + e * width, buffer.data() + offset + e * stride, width * sizeof(float));
  }
  return out;
}

glm::mat4 GltfReference::local(int node, int animation, float time_s) const {
  const auto& n = doc_["nodes"][node];
  if (n.contains("matrix")) {
    std::vector<float> m = n["matrix"].get<std::vector<float>>();
    return glm::make_mat4(m.data());
  }
  std::vector<float> t = n.value("translation", std::vector<float>{0, 0, 0});
  std::vector<float> r = n.value("rotation", std::vector<float>{0, 0, 0, 1});
  std::vector<float> s = n.value("scale", std::vector<float>{1, 1, 1});
  if (animation >= 0) {
    const auto& anim = doc_["animations"][animation];
    for (const auto& channel : anim["channels"]) {
      if (channel["target"]["node"] != node) continue;
      const auto& sampler = anim["samplers"][channel["sampler"].get<int>()];
      const std::vector<float> times = read_floats(sampler["input"]);
      const std::vector<float> values = read_floats(sampler["output"]);
      const std::string path = channel["target"]["path"];
      const int width = path == "rotation" ? 4 : 3;
      const std::string interpolation = sampler.value("interpolation", "LINEAR");
      // The key interval holding time_s, and the fraction into it (clamped at both ends).
      std::size_t k = 0;
      while (k + 1 < times.size() && times[k + 1] <= time_s) ++k;
      float u = 0.0f;
      if (k + 1 < times.size() && time_s > times[k]) {
        u = (time_s - times[k]) / (times[k + 1] - times[k]);
      }
      if (interpolation == "STEP") u = 0.0f;
      const std::size_t k1 = std::min(k + 1, times.size() - 1);
      std::vector<float> v(width);
      if (interpolation == "CUBICSPLINE") {
        // glTF 2.0 Appendix C: p(u) = (2u^3 - 3u^2 + 1) v_k + d (u^3 - 2u^2 + u) b_k
        //   + (-2u^3 + 3u^2) v_k+1 + d (u^3 - u^2) a_k+1, with elements (a, v, b) per key.
        const float d = k1 > k ? times[k1] - times[k] : 0.0f;
        const auto at = [&](std::size_t key, int element, int c) {
          return values[(key * 3 + element) * width + c];
        };
        for (int c = 0; c < width; ++c) {
          v[c] = (2 * u * u * u - 3 * u * u + 1) * at(k, 1, c) +
                 d * (u * u * u - 2 * u * u + u) * at(k, 2, c) +
                 (-2 * u * u * u + 3 * u * u) * at(k1, 1, c) +
                 d * (u * u * u - u * u) * at(k1, 0, c);
        }
        if (width == 4) {
          const float length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
          for (float& x : v) x /= length;
        }
      } else if (width == 4) {
        const glm::quat q0(values[k * 4 + 3], values[k * 4], values[k * 4 + 1], values[k * 4 + 2]);
        const glm::quat q1(values[k1 * 4 + 3], values[k1 * 4], values[k1 * 4 + 1],
                           values[k1 * 4 + 2]);
        const glm::quat q = glm::slerp(q0, glm::dot(q0, q1) < 0.0f ? -q1 : q1, u);
        v = {q.x, q.y, q.z, q.w};
      } else {
        for (int i = 0; i < 3; ++i) v[i] = values[k * 3 + i] * (1 - u) + values[k1 * 3 + i] * u;
      }
      if (path == "translation") t = v;
      if (path == "rotation") r = v;
      if (path == "scale") s = v;
    }
  }
  const glm::mat4 translation = glm::translate(glm::mat4(1.0f), glm::vec3(t[0], t[1], t[2]));
  const glm::mat4 rotation = glm::mat4_cast(glm::quat(r[3], r[0], r[1], r[2]));
  const glm::mat4 scale = glm::scale(glm::mat4(1.0f), glm::vec3(s[0], s[1], s[2]));
  return translation * rotation * scale;
}

glm::mat4 GltfReference::global(int node, int animation, float time_s) const {
  glm::mat4 m(1.0f);
  for (int n = node; n >= 0; n = parent_[n]) m = local(n, animation, time_s) * m;
  return m;
}

}  // namespace test
