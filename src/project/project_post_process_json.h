#pragma once
// The project file's "post_process" section as JSON, both ways through one list of fields
// (project/project_field_io.h; kept apart from project_post_process.h so the project's types do
// not pull in the JSON library).

#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "project/project_post_process.h"

namespace project {

namespace project_json {
class FieldReader;
class FieldWriter;
}  // namespace project_json

// The fields of one entry, read (FieldReader, e mutable: every field, whatever the kind) or
// written (FieldWriter, e const: the fields its kind reads).
template <typename Io, typename Entry>
void post_process_fields(Io& io, Entry& e);

extern template void post_process_fields(project_json::FieldReader&, ProjectPostProcess&);
extern template void post_process_fields(project_json::FieldWriter&, const ProjectPostProcess&);

// The section as JSON: an array, one object per entry with the fields its kind reads.
nlohmann::json post_process_to_json(const std::vector<ProjectPostProcess>& entries);

// Whether a and b are the same stack as the file keeps it (the fields each kind reads, exactly).
bool same_post_process(const std::vector<ProjectPostProcess>& a,
                       const std::vector<ProjectPostProcess>& b);

}  // namespace project
