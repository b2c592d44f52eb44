#pragma once
// Checks a project file the way the viewer opens it, without a window: the file parses, its
// character and clip files import, its clip names, parameters and joints bind, and its graph
// plays. `animview info P.json` runs it.

#include <string>

#include "app/async_loader.h"

namespace app {

struct ProjectCheck {
  LoadOutcome loaded;         // the character and project, as the viewer would get them
  std::string first_problem;  // "" when the project opens; otherwise the file and the cause
};

ProjectCheck check_project(const std::string& path, const importer::ImportSettings& settings);

// The checks after the load, on what load_now returned for a project: "" or the first problem.
std::string check_loaded_project(const LoadOutcome& loaded);

}  // namespace app
