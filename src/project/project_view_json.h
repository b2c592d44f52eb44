#pragma once
// The project file's "view" object (project/project_file.h's ProjectView), read and written by
// one list of its fields, so the two directions cannot drift apart.

#include <string>

#include "project/project_file.h"
#include "project/project_json.h"

namespace project::project_json {

json view_to_json(const ProjectView& view);

// The view of the file at path: absent fields keep ProjectView's defaults; a value out of its
// range fails naming the field.
ProjectView read_view(const json& j, const std::string& path);

}  // namespace project::project_json
