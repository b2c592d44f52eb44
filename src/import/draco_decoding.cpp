#include "import/draco_decoding.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include <draco/compression/decode.h>
#include <draco/core/decoder_buffer.h>
#include <draco/mesh/mesh.h>

#include "import/gltf_accessor.h"
#include "import/gltf_extensions.h"

namespace importer {
namespace {

constexpr const char* kDraco = "KHR_draco_mesh_compression";

// Appends bytes as a new buffer with one bufferView over it; returns the view's index.
int append_view(tinygltf::Model& model, std::vector<unsigned char> bytes) {
  tinygltf::BufferView view;
  view.buffer = static_cast<int>(model.buffers.size());
  view.byteLength = bytes.size();
  model.buffers.emplace_back().data = std::move(bytes);
  model.bufferViews.push_back(view);
  return static_cast<int>(model.bufferViews.size()) - 1;
}

template <typename T>
bool convert_points(const draco::Mesh& mesh, const draco::PointAttribute& attribute, int components,
                    std::vector<unsigned char>& out) {
  out.resize(std::size_t{mesh.num_points()} * components * sizeof(T));
  T value[4] = {};
  for (draco::PointIndex i(0); i < mesh.num_points(); ++i) {
    if (!attribute.ConvertValue<T>(attribute.mapped_index(i), static_cast<int8_t>(components),
                                   value)) {
      return false;
    }
    std::memcpy(out.data() + std::size_t{i.value()} * components * sizeof(T), value,
                components * sizeof(T));
  }
  return true;
}

// The attribute's values for every point, as the accessor's componentType says.
bool convert_attribute(const draco::Mesh& mesh, const draco::PointAttribute& attribute,
                       int component_type, int components, std::vector<unsigned char>& out) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return convert_points<std::int8_t>(mesh, attribute, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return convert_points<std::uint8_t>(mesh, attribute, components, out);
    case TINYGLTF_COMPONENT_TYPE_SHORT:
      return convert_points<std::int16_t>(mesh, attribute, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return convert_points<std::uint16_t>(mesh, attribute, components, out);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
      return convert_points<std::uint32_t>(mesh, attribute, components, out);
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return convert_points<float>(mesh, attribute, components, out);
    default:
      return false;
  }
}

// The Draco stream in bufferView view_index, decoded.
std::string decode_stream(const tinygltf::Model& model, int view_index,
                          std::unique_ptr<draco::Mesh>& out) {
  const std::string name = "its Draco bufferView " + std::to_string(view_index);
  if (view_index < 0 || view_index >= static_cast<int>(model.bufferViews.size())) {
    return name + " does not exist";
  }
  const tinygltf::BufferView& view = model.bufferViews[view_index];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
    return name + " refers to a buffer that does not exist";
  }
  const std::vector<unsigned char>& buffer = model.buffers[view.buffer].data;
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset) {
    return name + " reaches past the end of buffer " + std::to_string(view.buffer) + " (" +
           std::to_string(buffer.size()) + " bytes)";
  }
  draco::DecoderBuffer stream;
  stream.Init(reinterpret_cast<const char*>(buffer.data() + view.byteOffset), view.byteLength);
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&stream);
  if (!decoded.ok()) {
    return "Draco cannot decode " + name + " (" + std::to_string(view.byteLength) +
           " bytes): " + decoded.status().error_msg_string();
  }
  out = std::move(decoded).value();
  if (out == nullptr) return "Draco decoded no mesh from " + name;
  return {};
}

// The decoded faces as a new uint32 index accessor.
std::string add_indices(tinygltf::Model& model, const draco::Mesh& mesh, int& accessor_index) {
  std::vector<unsigned char> bytes(std::size_t{mesh.num_faces()} * 3 * sizeof(std::uint32_t));
  auto* out = reinterpret_cast<std::uint32_t*>(bytes.data());
  for (draco::FaceIndex f(0); f < mesh.num_faces(); ++f) {
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t index = mesh.face(f)[k].value();
      if (index >= mesh.num_points()) return "a Draco face refers to a point that does not exist";
      *out++ = index;
    }
  }
  tinygltf::Accessor accessor;
  accessor.bufferView = append_view(model, std::move(bytes));
  accessor.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
  accessor.type = TINYGLTF_TYPE_SCALAR;
  accessor.count = std::size_t{mesh.num_faces()} * 3;
  model.accessors.push_back(accessor);
  accessor_index = static_cast<int>(model.accessors.size()) - 1;
  return {};
}

// Attribute `name`, Draco attribute `id`, as a new accessor shaped like the one it replaces.
std::string add_attribute(tinygltf::Model& model, const draco::Mesh& mesh, const std::string& name,
                          int id, int& accessor_index) {
  if (accessor_index < 0 || accessor_index >= static_cast<int>(model.accessors.size())) {
    return name + "'s accessor does not exist";
  }
  const draco::PointAttribute* attribute = mesh.GetAttributeByUniqueId(id);
  if (attribute == nullptr) {
    return "the Draco stream has no attribute " + std::to_string(id) + " for " + name;
  }
  tinygltf::Accessor accessor = model.accessors[accessor_index];
  const int components = component_count(accessor.type);
  if (components == 0 || attribute->num_components() != components) {
    return name + " has " + std::to_string(attribute->num_components()) +
           " components in the Draco stream and " + std::to_string(components) + " in its accessor";
  }
  std::vector<unsigned char> bytes;
  if (!convert_attribute(mesh, *attribute, accessor.componentType, components, bytes)) {
    return "Draco cannot convert " + name + " to its accessor's componentType";
  }
  accessor.bufferView = append_view(model, std::move(bytes));
  accessor.byteOffset = 0;
  accessor.count = mesh.num_points();
  accessor.sparse = {};
  model.accessors.push_back(accessor);
  accessor_index = static_cast<int>(model.accessors.size()) - 1;
  return {};
}

std::string decode_primitive(tinygltf::Model& model, tinygltf::Primitive& primitive,
                             std::map<int, std::unique_ptr<draco::Mesh>>& decoded) {
  const tinygltf::Value& extension = primitive.extensions.at(kDraco);
  const tinygltf::Value& view = extension.Get("bufferView");
  const tinygltf::Value& attributes = extension.Get("attributes");
  if (!view.IsInt() || !attributes.IsObject()) {
    return std::string(kDraco) + " lacks its bufferView or attributes";
  }
  std::unique_ptr<draco::Mesh>& mesh = decoded[view.Get<int>()];
  if (mesh == nullptr) {
    if (std::string cause = decode_stream(model, view.Get<int>(), mesh); !cause.empty()) {
      return cause;
    }
  }
  for (const std::string& name : attributes.Keys()) {
    const tinygltf::Value& id = attributes.Get(name);
    const auto it = primitive.attributes.find(name);
    if (!id.IsInt() || id.Get<int>() < 0 || it == primitive.attributes.end()) {
      return std::string(kDraco) + " names attribute " + name + ", which the primitive lacks";
    }
    if (std::string cause = add_attribute(model, *mesh, name, id.Get<int>(), it->second);
        !cause.empty()) {
      return cause;
    }
  }
  // Draco always decodes a triangle list, whatever the primitive's indices said before.
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  return add_indices(model, *mesh, primitive.indices);
}

}  // namespace

std::string decode_draco_primitives(tinygltf::Model& model) {
  std::map<int, std::unique_ptr<draco::Mesh>> decoded;
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    tinygltf::Mesh& mesh = model.meshes[m];
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      tinygltf::Primitive& primitive = mesh.primitives[p];
      if (primitive.extensions.count(kDraco) == 0) continue;
      // Points and lines are skipped by the mesh reader; Draco streams are triangles here.
      if (primitive.mode != TINYGLTF_MODE_TRIANGLES &&
          primitive.mode != TINYGLTF_MODE_TRIANGLE_STRIP && primitive.mode != -1) {
        continue;
      }
      if (std::string cause = decode_primitive(model, primitive, decoded); !cause.empty()) {
        const std::string primitive_name =
            mesh.primitives.size() > 1 ? " primitive " + std::to_string(p) : "";
        return gltf_mesh_label(model, m) + primitive_name + ": " + cause;
      }
    }
  }
  return {};
}

}  // namespace importer
