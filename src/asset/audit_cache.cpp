#include "asset/audit_cache.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "asset/atomic_write.h"

namespace asset {
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
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  Fnv1a content;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    content.add(buffer.data(), static_cast<std::size_t>(in.gcount()));
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

}  // namespace asset
