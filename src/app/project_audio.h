#pragma once
// The sound a project remembers for its videos (#40): the Export video dialog's file and offset,
// kept in the project (project::Project::audio_file, relative to the project's folder like its
// clip files), offered again by the dialog and used by `render PROJECT --out x.mp4` without
// --audio.

#include <string>

#include "project/project_file.h"

namespace app {

// The project's sound file as a path to open (project_folder / the saved path, or absolute);
// empty when it has none.
std::string project_audio_path(const project::Project& project, const std::string& project_folder);

// Keeps audio (a path to open: absolute or relative to the working folder) and offset_s in
// project, relative to project_folder (what the project's paths are relative to); an empty
// audio forgets the sound.
void remember_project_audio(project::Project& project, const std::string& project_folder,
                            const std::string& audio, float offset_s);

}  // namespace app
