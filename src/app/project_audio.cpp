#include "app/project_audio.h"

#include <filesystem>

#include "project/project_paths.h"

namespace app {

namespace fs = std::filesystem;

std::string project_audio_path(const project::Project& project, const std::string& project_folder) {
  if (project.audio_file.empty()) return {};
  return project::resolve_project_path(project.audio_file, project_folder);
}

void remember_project_audio(project::Project& project, const std::string& project_folder,
                            const std::string& audio, float offset_s) {
  if (audio.empty()) {
    project.audio_file.clear();
    project.audio_offset_s = 0.0f;
    return;
  }
  const fs::path file = fs::absolute(audio).lexically_normal();
  const fs::path folder =
      fs::absolute(project_folder.empty() ? fs::path(".") : fs::path(project_folder))
          .lexically_normal();
  const fs::path relative = file.lexically_relative(folder);
  project.audio_file = relative.empty() ? file.string() : relative.generic_string();
  project.audio_offset_s = offset_s;
}

}  // namespace app
