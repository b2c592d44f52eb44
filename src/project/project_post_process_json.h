#pragma once
// The project file's "post_process" section as JSON (project_file.cpp reads and writes it here;
// kept apart from project_post_process.h so the project's types do not pull in the JSON library).

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "project/project_post_process.h"

namespace project {

// The section as JSON: an array, one object per entry with the fields its kind reads.
nlohmann::json post_process_to_json(const std::vector<ProjectPostProcess>& entries);

// Whether a and b are the same stack as the file keeps it (the fields each kind reads, exactly).
bool same_post_process(const std::vector<ProjectPostProcess>& a,
                       const std::vector<ProjectPostProcess>& b);

// Reads the section (path names it in errors). Returns an empty pair on success, otherwise the
// wrong field's path ("post_process[1].kind") and why; out is only written on success.
std::pair<std::string, std::string> read_post_process(const nlohmann::json& j,
                                                      const std::string& path,
                                                      std::vector<ProjectPostProcess>& out);

}  // namespace project
