#include "import/gltf_version.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

namespace importer {
namespace {

// Reads a JSON glTF as a stream of events (no tree: an embedded buffer is a long string, not a
// copy), stopping at asset.version, which decides; the shape of the first of meshes, nodes or
// accessors decides a file that has no version.
class VersionReader : public nlohmann::json_sax<nlohmann::json> {
 public:
  int major() const {
    if (version_major_ == 1 || version_major_ == 2) return version_major_;
    return finished_ ? shape_major_ : 0;  // a truncated file's shape proves nothing
  }
  void finish() { finished_ = true; }

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t value) override {
    return version_value(static_cast<double>(value));
  }
  bool number_unsigned(number_unsigned_t value) override {
    return version_value(static_cast<double>(value));
  }
  bool number_float(number_float_t value, const string_t&) override { return version_value(value); }
  bool string(string_t& text) override {
    if (!at_version()) return true;
    // "2.0" as the specification says: the digits before the first dot.
    int major = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), major);
    if (error == std::errc() && (end == text.data() + text.size() || *end == '.')) {
      version_major_ = major;
    }
    return !decided();
  }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return open(1); }
  bool start_array(std::size_t) override { return open(2); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    if (depth_ == 1) top_key_ = name;
    if (depth_ == 2 && top_key_ == "asset") asset_key_ = name;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool at_version() const { return depth_ == 2 && top_key_ == "asset" && asset_key_ == "version"; }
  bool decided() const { return version_major_ == 1 || version_major_ == 2; }
  // Some glTF 1.0 exporters wrote the version as the number 1.
  bool version_value(double value) {
    if (at_version() && value >= 1.0 && value < 3.0) version_major_ = static_cast<int>(value);
    return !decided();
  }
  // glTF 1.0 keys its objects by id (an object); 2.0 lists them (an array).
  bool open(int shape_major) {
    if (depth_ == 0 && shape_major != 1) return false;  // the root must be an object
    ++depth_;
    const bool listing = top_key_ == "meshes" || top_key_ == "nodes" || top_key_ == "accessors";
    if (depth_ == 2 && listing && shape_major_ == 0) shape_major_ = shape_major;
    return true;
  }
  bool close() {
    --depth_;
    if (depth_ == 1) asset_key_.clear();
    return true;
  }

  int depth_ = 0;
  std::string top_key_, asset_key_;
  int version_major_ = 0;
  int shape_major_ = 0;
  bool finished_ = false;
};

}  // namespace

GltfVersion gltf_version(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  char header[8] = {};
  in.read(header, sizeof header);
  if (in.gcount() == static_cast<std::streamsize>(sizeof header) &&
      std::memcmp(header, "glTF", 4) == 0) {
    std::uint32_t version = 0;  // little-endian, as the container stores it
    for (int i = 7; i >= 4; --i) version = version << 8 | static_cast<unsigned char>(header[i]);
    return {version == 1 || version == 2 ? static_cast<int>(version) : 0, true};
  }
  in.clear();
  in.seekg(0);
  VersionReader reader;
  if (nlohmann::json::sax_parse(std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>(), &reader)) {
    reader.finish();
  }
  return {reader.major(), false};
}

}  // namespace importer
