#pragma once
// The project file's "retarget" section as JSON, both ways through one list of fields
// (project/project_field_io.h; kept apart from project_retarget.h so the project's types do not
// pull in the JSON library).

#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "project/project_retarget.h"

namespace project {

namespace project_json {
class FieldReader;
class FieldWriter;
}  // namespace project_json

// The fields of one entry, read (FieldReader, entry mutable) or written (FieldWriter, entry
// const); fields left at their defaults are written too, so an unknown key is one this build
// does not read.
template <typename Io, typename Entry>
void retarget_fields(Io& io, Entry& entry);

extern template void retarget_fields(project_json::FieldReader&, ProjectRetarget&);
extern template void retarget_fields(project_json::FieldWriter&, const ProjectRetarget&);

// The section as JSON (an array, one object per entry).
nlohmann::json retargets_to_json(const std::vector<ProjectRetarget>& entries);

}  // namespace project
