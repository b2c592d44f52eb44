#pragma once
// The project file's blend spaces (asset/project_file.h) as JSON, both ways through one list of
// fields (asset/project_field_io.h): 1D spaces by their thresholds, 2D spaces by their axes and
// positions, samples by clip name.

#include <string>

#include "project/project_file.h"
#include "project/project_json.h"

namespace project::project_json {

// b as JSON; its clips and parameters are p's.
json blend_space_to_json(const ProjectBlendSpace& b, const Project& p);

// A blend space of the file at path; its clips must be p's.
ProjectBlendSpace read_blend_space(const json& j, const std::string& path, const Project& p);

}  // namespace project::project_json
