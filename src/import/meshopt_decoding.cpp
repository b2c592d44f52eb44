#include "import/meshopt_decoding.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <meshoptimizer.h>

#include "import/gltf_extensions.h"

namespace importer {
namespace {

// The highest codec versions meshoptimizer 0.18 decodes: vertex streams start with 0xA0 | v,
// index buffers with 0xE0 | v and index sequences with 0xD0 | v.
constexpr int kVertexVersions = 0;
constexpr int kIndexVersions = 1;

struct Stream {
  int buffer = -1;
  std::size_t offset = 0;
  std::size_t length = 0;
  std::size_t stride = 0;
  std::size_t count = 0;
  std::string mode;
  std::string filter = "NONE";
  std::string extension;
};

const tinygltf::Value* meshopt_extension(const tinygltf::ExtensionMap& extensions,
                                         std::string* name = nullptr) {
  for (const char* candidate : {"EXT_meshopt_compression", "KHR_meshopt_compression"}) {
    if (const auto it = extensions.find(candidate); it != extensions.end()) {
      if (name != nullptr) *name = candidate;
      return &it->second;
    }
  }
  return nullptr;
}

bool read_size(const tinygltf::Value& object, const char* key, std::size_t& out, bool required) {
  const tinygltf::Value& value = object.Get(key);
  if (!value.IsNumber()) return !required;
  const double number = value.GetNumberAsDouble();
  if (!(number >= 0.0) || number > 4294967295.0) return false;
  out = static_cast<std::size_t>(number);
  return true;
}

std::string read_stream(const tinygltf::BufferView& view, Stream& out) {
  const tinygltf::Value& ext = *meshopt_extension(view.extensions, &out.extension);
  const tinygltf::Value& buffer = ext.Get("buffer");
  const tinygltf::Value& mode = ext.Get("mode");
  if (!buffer.IsInt() || !mode.IsString() || !read_size(ext, "byteOffset", out.offset, false) ||
      !read_size(ext, "byteLength", out.length, true) ||
      !read_size(ext, "byteStride", out.stride, true) ||
      !read_size(ext, "count", out.count, true)) {
    return out.extension + " lacks buffer, mode, byteLength, byteStride or count";
  }
  out.buffer = buffer.Get<int>();
  out.mode = mode.Get<std::string>();
  if (const tinygltf::Value& filter = ext.Get("filter"); filter.IsString()) {
    out.filter = filter.Get<std::string>();
  }
  return {};
}

// Why meshoptimizer refused a stream: a codec version it does not know, or corrupt data.
std::string refusal(const Stream& stream, unsigned char header) {
  const bool vertex = stream.mode == "ATTRIBUTES";
  const int expected = vertex ? 0xA0 : stream.mode == "TRIANGLES" ? 0xE0 : 0xD0;
  const int version = header & 0x0F;
  const int newest = vertex ? kVertexVersions : kIndexVersions;
  const char* codec = vertex ? "vertex" : "index";
  if ((header & 0xF0) == expected && version > newest) {
    return std::string("its stream uses meshopt ") + codec + " codec version " +
           std::to_string(version) + ", which Debian's meshoptimizer " +
           std::to_string(MESHOPTIMIZER_VERSION / 1000) + "." +
           std::to_string(MESHOPTIMIZER_VERSION % 1000 / 10) + " cannot decode (it reads " +
           (newest == 0 ? std::string("version 0 only")
                        : "versions 0 to " + std::to_string(newest)) +
           "; a newer meshoptimizer is needed)";
  }
  return "its " + stream.mode + " stream is corrupt (meshoptimizer cannot decode it)";
}

// Decodes stream's count elements of stride bytes into out, with its filter applied.
std::string decode(const Stream& stream, const unsigned char* src, unsigned char* out) {
  const std::size_t n = stream.count;
  const std::size_t s = stream.stride;
  int result = 0;
  if (stream.mode == "ATTRIBUTES") {
    if (s == 0 || s > 256 || s % 4 != 0)
      return "byteStride " + std::to_string(s) + " for ATTRIBUTES";
    result = meshopt_decodeVertexBuffer(out, n, s, src, stream.length);
  } else if (stream.mode == "TRIANGLES" || stream.mode == "INDICES") {
    if (s != 2 && s != 4) return "byteStride " + std::to_string(s) + " for " + stream.mode;
    if (stream.mode == "TRIANGLES" && n % 3 != 0) return "a TRIANGLES count not divisible by 3";
    result = stream.mode == "TRIANGLES"
                 ? meshopt_decodeIndexBuffer(out, n, s, src, stream.length)
                 : meshopt_decodeIndexSequence(out, n, s, src, stream.length);
  } else {
    return "unknown mode '" + stream.mode + "'";
  }
  if (result != 0) return refusal(stream, stream.length > 0 ? src[0] : 0);
  if (stream.filter == "NONE") return {};
  if (stream.mode != "ATTRIBUTES") return "filter " + stream.filter + " on " + stream.mode;
  if (stream.filter == "OCTAHEDRAL" && (s == 4 || s == 8)) {
    meshopt_decodeFilterOct(out, n, s);
  } else if (stream.filter == "QUATERNION" && s == 8) {
    meshopt_decodeFilterQuat(out, n, s);
  } else if (stream.filter == "EXPONENTIAL") {
    meshopt_decodeFilterExp(out, n, s);
  } else if (stream.filter == "COLOR") {
    return "the COLOR filter needs a newer meshoptimizer than Debian's";
  } else {
    return "filter " + stream.filter + " with byteStride " + std::to_string(s);
  }
  return {};
}

std::string decode_view(tinygltf::Model& model, tinygltf::BufferView& view) {
  Stream stream;
  if (std::string cause = read_stream(view, stream); !cause.empty()) return cause;
  if (stream.buffer < 0 || stream.buffer >= static_cast<int>(model.buffers.size())) {
    return "its stream's buffer " + std::to_string(stream.buffer) + " does not exist";
  }
  const std::vector<unsigned char>& source = model.buffers[stream.buffer].data;
  if (stream.offset > source.size() || stream.length > source.size() - stream.offset) {
    return "its stream reaches past the end of buffer " + std::to_string(stream.buffer) + " (" +
           std::to_string(source.size()) + " bytes)";
  }
  // count and stride are below 2^32 each, so their product fits.
  if (stream.count * stream.stride > view.byteLength) {
    return "its stream decodes to more bytes than the bufferView holds";
  }
  std::vector<unsigned char>& target = model.buffers[view.buffer].data;
  if (view.byteOffset > target.size() || view.byteLength > target.size() - view.byteOffset) {
    return "it reaches past the end of buffer " + std::to_string(view.buffer);
  }
  // Decoded aside: a stream may live in the very buffer it decodes into.
  std::vector<unsigned char> decoded(stream.count * stream.stride);
  if (std::string cause = decode(stream, source.data() + stream.offset, decoded.data());
      !cause.empty()) {
    return cause;
  }
  std::copy(decoded.begin(), decoded.end(), target.begin() + view.byteOffset);
  return {};
}

// Gives each fallback buffer stored without data room for the views decoded into it.
std::string size_fallbacks(tinygltf::Model& model) {
  std::vector<std::size_t> needed(model.buffers.size(), 0);
  for (std::size_t v = 0; v < model.bufferViews.size(); ++v) {
    const tinygltf::BufferView& view = model.bufferViews[v];
    if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size()) ||
        model.buffers[view.buffer].uri != kMeshoptPlaceholderUri) {
      continue;
    }
    if (meshopt_extension(view.extensions) == nullptr) {
      return "bufferView " + std::to_string(v) + " is not compressed but reads buffer " +
             std::to_string(view.buffer) + ", a meshopt fallback stored without data";
    }
    // No file holds more than 2^31 bytes: a larger claim must not become an allocation.
    constexpr std::size_t kMaxBytes = std::size_t{1} << 31;
    if (view.byteOffset > kMaxBytes || view.byteLength > kMaxBytes - view.byteOffset) {
      return "bufferView " + std::to_string(v) + " claims more than 2 GiB";
    }
    needed[view.buffer] = std::max(needed[view.buffer], view.byteOffset + view.byteLength);
  }
  for (std::size_t b = 0; b < model.buffers.size(); ++b) {
    if (model.buffers[b].uri == kMeshoptPlaceholderUri) model.buffers[b].data.assign(needed[b], 0);
  }
  return {};
}

// What reads bufferView v, for messages: "mesh 'Fox' (POSITION)", "animation 'Walk'"...
std::string reader_of(const tinygltf::Model& model, int v) {
  const auto reads = [&](int accessor) {
    return accessor >= 0 && accessor < static_cast<int>(model.accessors.size()) &&
           model.accessors[accessor].bufferView == v;
  };
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    const std::string mesh = gltf_mesh_label(model, m);
    for (const tinygltf::Primitive& primitive : model.meshes[m].primitives) {
      if (reads(primitive.indices)) return mesh + " (indices)";
      for (const auto& [name, accessor] : primitive.attributes) {
        if (reads(accessor)) return mesh + " (" + name + ")";
      }
      for (const auto& target : primitive.targets) {
        for (const auto& [name, accessor] : target) {
          if (reads(accessor)) return mesh + " (morph target " + name + ")";
        }
      }
    }
  }
  for (const tinygltf::Animation& animation : model.animations) {
    for (const tinygltf::AnimationSampler& sampler : animation.samplers) {
      if (reads(sampler.input) || reads(sampler.output))
        return "animation '" + animation.name + "'";
    }
  }
  for (const tinygltf::Skin& skin : model.skins) {
    if (reads(skin.inverseBindMatrices)) return "skin '" + skin.name + "' (inverse binds)";
  }
  return {};
}

}  // namespace

std::string decode_meshopt_views(tinygltf::Model& model) {
  if (std::string cause = size_fallbacks(model); !cause.empty()) return cause;
  for (std::size_t v = 0; v < model.bufferViews.size(); ++v) {
    tinygltf::BufferView& view = model.bufferViews[v];
    if (meshopt_extension(view.extensions) == nullptr) continue;
    if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
      return "bufferView " + std::to_string(v) + " refers to a buffer that does not exist";
    }
    if (std::string cause = decode_view(model, view); !cause.empty()) {
      const std::string reader = reader_of(model, static_cast<int>(v));
      return (reader.empty() ? "" : reader + ": ") + "meshopt bufferView " + std::to_string(v) +
             ": " + cause;
    }
  }
  return {};
}

}  // namespace importer
