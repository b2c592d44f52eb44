#include "import/audit_cache.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "import/atomic_write.h"

namespace importer {
namespace {

// FNV-1a, 64 bits: not cryptographic, but a library's files are not adversaries of its cache.
struct Fnv1a {
  std::uint64_t hash = 14695981039346656037ull;
  void add(const char* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
      hash = (hash ^ static_cast<unsigned char>(data[i])) * 1099511628211ull;
    }
  }
};

std::filesystem::path entry_path(const std::string& folder, const std::string& key) {
  return std::filesystem::path(folder) / (key + ".json");
}

// Adds a file's bytes to hash (and keeps them in text when given); false when it cannot be read.
bool add_file(const std::string& path, Fnv1a& hash, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    const auto size = static_cast<std::size_t>(in.gcount());
    hash.add(buffer.data(), size);
    if (text != nullptr) text->append(buffer.data(), size);
  }
  return true;
}

}  // namespace

std::string default_audit_cache_folder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return (std::filesystem::path(xdg) / "animview" / "audit").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return (std::filesystem::path(home) / ".cache" / "animview" / "audit").string();
  }
  return (std::filesystem::temp_directory_path() / "animview-audit-cache").string();
}

std::string audit_cache_key(const std::string& path, const std::string& salt) {
  Fnv1a content;
  std::string text;
  if (!add_file(path, content, &text)) return {};
  // A .gltf's buffers may lie beside it: a changed .bin changes the clips.
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".gltf") {
    const nlohmann::json gltf = nlohmann::json::parse(text, nullptr, false);
    const nlohmann::json* buffers =
        gltf.is_object() && gltf.contains("buffers") ? &gltf["buffers"] : nullptr;
    for (const nlohmann::json& b : buffers && buffers->is_array() ? *buffers : nlohmann::json()) {
      const std::string uri = b.is_object() ? b.value("uri", std::string()) : std::string();
      if (uri.empty() || uri.starts_with("data:")) continue;
      const std::filesystem::path external = std::filesystem::path(path).parent_path() / uri;
      content.add(uri.data(), uri.size());
      if (!add_file(external.string(), content, nullptr)) return {};
    }
  }
  Fnv1a salted;
  salted.add(salt.data(), salt.size());
  char key[40];
  std::snprintf(key, sizeof key, "%016llx%016llx", static_cast<unsigned long long>(content.hash),
                static_cast<unsigned long long>(salted.hash));
  return key;
}

std::optional<nlohmann::json> read_audit_cache(const std::string& folder, const std::string& key) {
  std::ifstream in(entry_path(folder, key));
  if (!in) return std::nullopt;
  nlohmann::json entry = nlohmann::json::parse(in, nullptr, false);
  if (entry.is_discarded() || !entry.is_object()) return std::nullopt;
  return entry;
}

std::string write_audit_cache(const std::string& folder, const std::string& key,
                              const nlohmann::json& entry) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return folder + ": " + ec.message();
  return write_file_atomically(entry_path(folder, key).string(), entry.dump());
}

}  // namespace importer
