#pragma once
// Where a project's files are, relative to the project: a saved project names its character and
// clip files relative to its own folder, so the project and its files move together.

#include <filesystem>
#include <string>

#include "project/project_file.h"

namespace project {

// Where path, as a project names it (its character, a clip file, a retargeted file's entry), is:
// absolute or the demo's "<demo>" as it is, else project_folder / path. One rule for the
// project's loads and the viewer's Retarget panel, so both find the same file.
std::string resolve_project_path(const std::string& path,
                                 const std::filesystem::path& project_folder);

// Rewrites project.character and project.clip_files, which are relative to from_folder (or
// absolute), as paths relative to to_folder (the folder the project is about to be saved in).
// A path with no relative form (another root) stays absolute; the demo's "<demo>" stays.
// Both folders may be relative (to the working folder).
void rebase_project_paths(Project& project, const std::filesystem::path& from_folder,
                          const std::filesystem::path& to_folder);

}  // namespace project
