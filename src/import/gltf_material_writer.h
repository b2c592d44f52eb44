#pragma once
// The glTF writer's materials (import/gltf_writer.h): each visual::Material as a glTF material,
// its textures embedded in the model's buffer, each image once however many materials use it.

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "import/gltf_model_builder.h"
#include "visual/material.h"

namespace importer {

// Adds materials to the model builder holds; textures shared by several materials are written once.
class MaterialWriter {
 public:
  explicit MaterialWriter(ModelBuilder& builder) : builder_(builder) {}

  // The texture index for texture (shared between materials using the same image), or -1.
  int texture(const visual::Texture& texture);

  // Appends m to the model's materials (in order: mesh i's material index stays valid).
  void add(const visual::Material& m);

 private:
  // Points info at t's texture, with its KHR_texture_transform when it moves the coordinates.
  template <typename Info>
  void reference(const visual::Texture& t, Info& info) {
    info.index = texture(t);
    const visual::TextureTransform& x = t.transform;
    if (info.index < 0 ||
        (x.offset == glm::vec2(0.0f) && x.rotation == 0.0f && x.scale == glm::vec2(1.0f))) {
      return;
    }
    tinygltf::Value::Object transform;
    transform["offset"] =
        tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(static_cast<double>(x.offset.x)),
                                               tinygltf::Value(static_cast<double>(x.offset.y))});
    transform["rotation"] = tinygltf::Value(static_cast<double>(x.rotation));
    transform["scale"] =
        tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(static_cast<double>(x.scale.x)),
                                               tinygltf::Value(static_cast<double>(x.scale.y))});
    info.extensions["KHR_texture_transform"] = tinygltf::Value(std::move(transform));
    std::vector<std::string>& used = builder_.model().extensionsUsed;
    if (std::find(used.begin(), used.end(), "KHR_texture_transform") == used.end()) {
      used.push_back("KHR_texture_transform");
    }
  }

  ModelBuilder& builder_;
  std::map<std::string, int> textures_;
};

}  // namespace importer
