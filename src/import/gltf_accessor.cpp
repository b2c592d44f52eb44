#include "import/gltf_accessor.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace importer {
namespace {

int component_bytes(int type) {
  switch (type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;
  }
}

// One component at p, converted as the spec's "normalized" property says.
double read_component(const unsigned char* p, int type, bool normalized) {
  switch (type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      const auto v = static_cast<std::int8_t>(*p);
      return normalized ? std::max(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalized ? *p / 255.0 : *p;
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t v;
      std::memcpy(&v, p, sizeof v);
      return normalized ? std::max(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t v;
      std::memcpy(&v, p, sizeof v);
      return normalized ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      std::uint32_t v;
      std::memcpy(&v, p, sizeof v);
      return normalized ? v / 4294967295.0 : v;
    }
    default: {
      float v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
  }
}

// Where `count` elements of element_bytes each, stride apart, start inside buffer view
// view_index at byte_offset: checked against the view and the view against its buffer.
std::string locate(const tinygltf::Model& model, int view_index, std::size_t byte_offset,
                   std::size_t count, std::size_t element_bytes, std::size_t stride_override,
                   const unsigned char*& data, std::size_t& stride) {
  if (view_index < 0 || view_index >= static_cast<int>(model.bufferViews.size())) {
    return "refers to bufferView " + std::to_string(view_index) + ", which does not exist";
  }
  const tinygltf::BufferView& view = model.bufferViews[view_index];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
    return "its bufferView refers to buffer " + std::to_string(view.buffer) +
           ", which does not exist";
  }
  const std::vector<unsigned char>& buffer = model.buffers[view.buffer].data;
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset) {
    return "its bufferView " + std::to_string(view_index) + " reaches past the end of buffer " +
           std::to_string(view.buffer) + " (" + std::to_string(buffer.size()) + " bytes)";
  }
  stride = stride_override != 0   ? stride_override
           : view.byteStride != 0 ? view.byteStride
                                  : element_bytes;
  if (stride < element_bytes) return "its byteStride is smaller than one element";
  if (count > 0) {
    // The last element ends at byte_offset + (count - 1) * stride + element_bytes.
    const std::size_t length = view.byteLength;
    if (byte_offset > length || element_bytes > length - byte_offset ||
        (count - 1) > (length - byte_offset - element_bytes) / stride) {
      return "its " + std::to_string(count) + " elements reach past the end of bufferView " +
             std::to_string(view_index);
    }
  }
  data = buffer.data() + view.byteOffset + byte_offset;
  return {};
}

}  // namespace

int component_count(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
    case TINYGLTF_TYPE_MAT2:
      return 4;
    case TINYGLTF_TYPE_MAT3:
      return 9;
    case TINYGLTF_TYPE_MAT4:
      return 16;
    default:
      return 0;
  }
}

std::string read_accessor(const tinygltf::Model& model, int index, AccessorValues& out) {
  out = {};
  const std::string name = "accessor " + std::to_string(index);
  if (index < 0 || index >= static_cast<int>(model.accessors.size())) {
    return name + " does not exist";
  }
  const tinygltf::Accessor& accessor = model.accessors[index];
  const int bytes = component_bytes(accessor.componentType);
  const int components = component_count(accessor.type);
  if (bytes == 0) return name + " has an unknown componentType";
  if (components == 0) return name + " has an unknown type";
  if ((accessor.type == TINYGLTF_TYPE_MAT2 || accessor.type == TINYGLTF_TYPE_MAT3) && bytes < 4) {
    return name + ": byte and short matrices (padded columns) are not supported";
  }
  // No file holds more than 2^31 bytes, so no real accessor has more elements than that.
  if (accessor.count > (std::size_t{1} << 31)) return name + " has an impossible count";
  const std::size_t element_bytes = static_cast<std::size_t>(bytes) * components;
  out.components = components;
  out.count = accessor.count;
  out.values.assign(accessor.count * components, 0.0);
  if (accessor.bufferView >= 0) {
    const unsigned char* data = nullptr;
    std::size_t stride = 0;
    if (std::string cause = locate(model, accessor.bufferView, accessor.byteOffset, accessor.count,
                                   element_bytes, 0, data, stride);
        !cause.empty()) {
      return name + " " + cause;
    }
    for (std::size_t e = 0; e < accessor.count; ++e) {
      for (int c = 0; c < components; ++c) {
        out.values[e * components + c] = read_component(
            data + e * stride + c * bytes, accessor.componentType, accessor.normalized);
      }
    }
  }
  if (!accessor.sparse.isSparse) return {};

  const auto& sparse = accessor.sparse;
  if (sparse.count < 0 || static_cast<std::size_t>(sparse.count) > accessor.count) {
    return name + " has more sparse substitutions than elements";
  }
  const auto sparse_count = static_cast<std::size_t>(sparse.count);
  const int index_bytes = component_bytes(sparse.indices.componentType);
  if (index_bytes == 0 || sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ||
      sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_BYTE ||
      sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_SHORT) {
    return name + ": its sparse indices are not of an unsigned integer type";
  }
  if (sparse.indices.byteOffset < 0 || sparse.values.byteOffset < 0) {
    return name + ": negative sparse byteOffset";
  }
  const unsigned char* indices = nullptr;
  const unsigned char* values = nullptr;
  std::size_t index_stride = 0;
  std::size_t value_stride = 0;
  if (std::string cause = locate(model, sparse.indices.bufferView,
                                 static_cast<std::size_t>(sparse.indices.byteOffset), sparse_count,
                                 index_bytes, index_bytes, indices, index_stride);
      !cause.empty()) {
    return name + "'s sparse indices: " + cause;
  }
  if (std::string cause = locate(model, sparse.values.bufferView,
                                 static_cast<std::size_t>(sparse.values.byteOffset), sparse_count,
                                 element_bytes, element_bytes, values, value_stride);
      !cause.empty()) {
    return name + "'s sparse values: " + cause;
  }
  for (std::size_t s = 0; s < sparse_count; ++s) {
    const auto target = static_cast<std::size_t>(
        read_component(indices + s * index_stride, sparse.indices.componentType, false));
    if (target >= accessor.count) {
      return name + ": sparse index " + std::to_string(target) + " is out of range";
    }
    for (int c = 0; c < components; ++c) {
      out.values[target * components + c] = read_component(
          values + s * value_stride + c * bytes, accessor.componentType, accessor.normalized);
    }
  }
  return {};
}

}  // namespace importer
