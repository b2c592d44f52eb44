#include "import/image_search.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <utility>

namespace importer {
namespace {

namespace fs = std::filesystem;

bool same_without_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

enum class Entry { File, Folder };

// The file (or folder) of folder named name: the exact name first, then the name in any case.
std::optional<fs::path> entry_named(const fs::path& folder, const std::string& name, Entry kind) {
  auto is_kind = [kind](const fs::path& path) {
    std::error_code ec;
    return kind == Entry::File ? fs::is_regular_file(path, ec) : fs::is_directory(path, ec);
  };
  if (is_kind(folder / name)) return folder / name;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (same_without_case(it->path().filename().string(), name) && is_kind(it->path()))
      return it->path();
  }
  return std::nullopt;
}

// "C:/..." or "C:\...": absolute on the machine that wrote it, relative here.
bool has_drive_letter(const std::string& path) {
  return path.size() >= 3 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':' &&
         path[2] == '/';
}

}  // namespace

std::string locate_image(const std::string& written, const std::string& model_dir) {
  if (written.empty()) return {};
  std::string text = written;
  std::replace(text.begin(), text.end(), '\\', '/');
  fs::path as_written(text);
  if (!has_drive_letter(text) && as_written.is_relative()) as_written = fs::path(model_dir) / text;
  as_written = as_written.lexically_normal();
  std::error_code ec;
  if (fs::is_regular_file(as_written, ec)) return as_written.string();

  const std::string name = fs::path(text).filename().string();
  if (name.empty()) return as_written.string();
  const fs::path folder = model_dir.empty() ? fs::path(".") : fs::path(model_dir);
  std::optional<fs::path> found = entry_named(folder, name, Entry::File);
  for (const fs::path& parent : {folder, folder / ".."}) {
    if (found) break;
    if (const std::optional<fs::path> textures = entry_named(parent, "textures", Entry::Folder)) {
      found = entry_named(*textures, name, Entry::File);
    }
  }
  return (found ? *found : as_written).lexically_normal().string();
}

std::vector<std::string> missing_images(const visual::Material& material) {
  const std::pair<const char*, const visual::Texture*> images[] = {
      {"base colour", &material.base_color_texture},
      {"metallic-roughness", &material.metallic_roughness_texture},
      {"normal", &material.normal_texture},
      {"occlusion", &material.occlusion_texture},
      {"emissive", &material.emissive_texture}};
  std::vector<std::string> missing;
  for (const auto& [role, texture] : images) {
    std::error_code ec;
    if (texture->encoded.empty() && !texture->path.empty() && !fs::exists(texture->path, ec))
      missing.push_back(std::string(role) + " image not found: " + texture->path);
  }
  return missing;
}

}  // namespace importer
