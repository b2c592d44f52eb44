#include "project/project_paths.h"

#include <string>

#include "demo/demo_character.h"

namespace project {
namespace fs = std::filesystem;

namespace {

// The absolute, normal form of path; links are resolved as far as the path exists, so the same
// file reached through a link and directly compares equal.
fs::path absolute_normal(const fs::path& path) {
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) resolved = fs::absolute(path, ec);
  return resolved.lexically_normal();
}

std::string rebased(const std::string& path, const fs::path& from, const fs::path& to) {
  if (path.empty() || path == demo::kDemoSourcePath) return path;
  const fs::path target =
      absolute_normal(fs::path(path).is_absolute() ? fs::path(path) : from / path);
  const fs::path relative = target.lexically_relative(to);
  return relative.empty() ? target.string() : relative.generic_string();
}

}  // namespace

std::string resolve_project_path(const std::string& path, const fs::path& project_folder) {
  if (path == demo::kDemoSourcePath || fs::path(path).is_absolute()) return path;
  return (project_folder / path).string();
}

void rebase_project_paths(Project& project, const fs::path& from_folder,
                          const fs::path& to_folder) {
  const fs::path from = absolute_normal(from_folder.empty() ? fs::path(".") : from_folder);
  const fs::path to = absolute_normal(to_folder.empty() ? fs::path(".") : to_folder);
  project.character = rebased(project.character, from, to);
  for (std::string& clip_file : project.clip_files) clip_file = rebased(clip_file, from, to);
  if (!project.audio_file.empty()) project.audio_file = rebased(project.audio_file, from, to);
  for (ProjectRetarget& entry : project.retargets) entry.file = rebased(entry.file, from, to);
}

}  // namespace project
