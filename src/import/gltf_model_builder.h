#pragma once
// Builds a tinygltf model for the glTF writer (import/gltf_writer.h): one buffer, bufferViews and
// accessors appended to it.

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "import/gltf_model.h"

namespace importer {

// glTF's bufferView targets.
constexpr int kArrayBuffer = 34962;
constexpr int kElementArrayBuffer = 34963;

// The model being written and its one buffer.
class ModelBuilder {
 public:
  ModelBuilder() {
    model_.asset.version = "2.0";
    model_.asset.generator = "animview";
    model_.buffers.emplace_back();
  }

  // A bufferView over bytes appended to the buffer (4-byte aligned, as accessors need).
  int add_view(const void* data, std::size_t bytes, int target) {
    std::vector<unsigned char>& buffer = model_.buffers[0].data;
    buffer.resize((buffer.size() + 3) / 4 * 4, 0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const auto* begin = static_cast<const unsigned char*>(data);
    buffer.insert(buffer.end(), begin, begin + bytes);
    model_.bufferViews.push_back(view);
    return static_cast<int>(model_.bufferViews.size()) - 1;
  }

  // A float accessor over values (components floats per element); with_bounds adds min / max,
  // which POSITION and animation inputs require.
  int add_floats(const std::vector<float>& values, int type, int components, int target,
                 bool with_bounds = false) {
    tinygltf::Accessor accessor;
    accessor.bufferView = add_view(values.data(), values.size() * sizeof(float), target);
    accessor.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    accessor.count = values.size() / components;
    accessor.type = type;
    if (with_bounds && !values.empty()) {
      accessor.minValues.assign(components, 1e300);
      accessor.maxValues.assign(components, -1e300);
      for (std::size_t i = 0; i < values.size(); ++i) {
        const int c = static_cast<int>(i % components);
        accessor.minValues[c] = std::min<double>(accessor.minValues[c], values[i]);
        accessor.maxValues[c] = std::max<double>(accessor.maxValues[c], values[i]);
      }
    }
    return add_accessor(std::move(accessor));
  }

  template <typename T>
  int add_integers(const std::vector<T>& values, int component_type, int type, int components,
                   int target) {
    tinygltf::Accessor accessor;
    accessor.bufferView = add_view(values.data(), values.size() * sizeof(T), target);
    accessor.componentType = component_type;
    accessor.count = values.size() / components;
    accessor.type = type;
    return add_accessor(std::move(accessor));
  }

  tinygltf::Model& model() { return model_; }

 private:
  int add_accessor(tinygltf::Accessor accessor) {
    model_.accessors.push_back(std::move(accessor));
    return static_cast<int>(model_.accessors.size()) - 1;
  }

  tinygltf::Model model_;
};

}  // namespace importer
