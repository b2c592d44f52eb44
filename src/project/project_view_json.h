#pragma once
// The project file's "view" object (project/project_file.h's ProjectView), read and written by
// one list of its fields, so the two directions cannot drift apart.

#include <string>

#include "project/project_file.h"
#include "project/project_json.h"

namespace project::project_json {

class FieldReader;
class FieldWriter;

// The fields of the view, read (FieldReader, v mutable: absent fields keep their values; a
// value out of its range fails naming the field) or written (FieldWriter, v const).
template <typename Io, typename View>
void view_fields(Io& io, View& v);

extern template void view_fields(FieldReader&, ProjectView&);
extern template void view_fields(FieldWriter&, const ProjectView&);

json view_to_json(const ProjectView& view);

// The view of the file at path: absent fields keep ProjectView's defaults; a value out of its
// range fails naming the field.
ProjectView read_view(const json& j, const std::string& path);

}  // namespace project::project_json
