#pragma once
// The project file's "retarget" section as JSON (project_file.cpp reads and writes it here; kept
// apart from project_retarget.h so the project's types do not pull in the JSON library).

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "project/project_retarget.h"

namespace project {

// The section as JSON (an array, one object per entry; fields left at their defaults are
// written too, so an unknown key is one this build does not read).
nlohmann::json retargets_to_json(const std::vector<ProjectRetarget>& entries);

// Reads the section (path names it in errors). Returns an empty pair on success, otherwise the
// wrong field's path ("retarget[0].leg_mode") and why; out is only written on success.
std::pair<std::string, std::string> read_retargets(const nlohmann::json& j, const std::string& path,
                                                   std::vector<ProjectRetarget>& out);

}  // namespace project
