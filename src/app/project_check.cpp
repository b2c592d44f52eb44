#include "app/project_check.h"

#include "anim/character_instance.h"
#include "project/project_binding.h"

namespace app {

std::string check_loaded_project(const LoadOutcome& loaded) {
  // A clip file that fails leaves the load ok (the viewer shows the rest), but is a problem.
  if (!loaded.errors.empty()) return loaded.errors.front().message;
  if (!loaded.ok) return loaded.project_path + ": loading was cancelled";
  project::BoundProject bound;
  if (std::string e = project::bind_project(loaded.project, loaded.character, {}, bound);
      !e.empty()) {
    return loaded.project_path + ": " + e;
  }
  anim::CharacterInstance instance;
  if (std::string e = instance.bind(*bound.character, *bound.graph); !e.empty()) {
    return loaded.project_path + ": " + e;
  }
  return {};
}

ProjectCheck check_project(const std::string& path, const importer::ImportSettings& settings) {
  ProjectCheck check;
  check.loaded = load_now({{path}, settings});
  if (check.loaded.project_path.empty()) check.loaded.project_path = path;
  check.first_problem = check_loaded_project(check.loaded);
  return check;
}

}  // namespace app
