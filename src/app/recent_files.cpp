#include "app/recent_files.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "import/atomic_write.h"

namespace app {
namespace {

namespace fs = std::filesystem;

// The form paths are stored and compared in, so "a/../b.fbx" and "b.fbx" are one entry.
std::string normal_form(const fs::path& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  return (ec ? path : absolute).lexically_normal().string();
}

}  // namespace

fs::path default_config_dir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && fs::path(xdg).is_absolute()) {
    return fs::path(xdg) / "animview";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return fs::path(home) / ".config" / "animview";
  }
  return {};
}

RecentFiles::RecentFiles(fs::path config_dir, std::size_t capacity)
    : file_(std::move(config_dir) / "recent.json"), capacity_(std::max<std::size_t>(capacity, 1)) {}

std::string RecentFiles::load() {
  paths_.clear();
  std::error_code ec;
  if (!fs::exists(file_, ec)) return {};
  std::ifstream in(file_);
  if (!in) return "cannot read " + file_.string();
  const nlohmann::json json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return file_.string() + " is not valid JSON";
  if (!json.is_object() || !json.contains("recent") || !json["recent"].is_array()) {
    return file_.string() + " has no \"recent\" list";
  }
  // Oldest first through add(), so the order, deduplication and cap follow one rule.
  const nlohmann::json& recent = json["recent"];
  for (auto it = recent.rbegin(); it != recent.rend(); ++it) {
    if (it->is_string() && !it->get_ref<const std::string&>().empty()) {
      add(it->get_ref<const std::string&>());
    }
  }
  return {};
}

std::string RecentFiles::save() const {
  std::error_code ec;
  fs::create_directories(file_.parent_path(), ec);
  if (ec) return "cannot create " + file_.parent_path().string() + ": " + ec.message();
  const nlohmann::json json = {{"version", 1}, {"recent", paths_}};
  return importer::write_file_atomically(file_.string(), json.dump(2) + '\n');
}

void RecentFiles::add(const fs::path& path) {
  if (path.empty()) return;
  const std::string entry = normal_form(path);
  std::erase(paths_, entry);
  paths_.insert(paths_.begin(), entry);
  if (paths_.size() > capacity_) paths_.resize(capacity_);
}

bool RecentFiles::remove(const fs::path& path) {
  return std::erase(paths_, normal_form(path)) > 0;
}

}  // namespace app
