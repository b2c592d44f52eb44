#pragma once
// The project file's blend spaces (project/project_file.h) as JSON, both ways through one list
// of fields (project/project_field_io.h): 1D spaces by their thresholds, 2D spaces by their axes
// and positions, samples by clip name.

#include "project/project_file.h"

namespace project::project_json {

class FieldReader;
class FieldWriter;

// The fields of blend space b, read (FieldReader, b mutable) or written (FieldWriter, b const);
// its clips and parameters are p's.
template <typename Io, typename BlendSpace>
void blend_space_fields(Io& io, BlendSpace& b, const Project& p);

extern template void blend_space_fields(FieldReader&, ProjectBlendSpace&, const Project&);
extern template void blend_space_fields(FieldWriter&, const ProjectBlendSpace&, const Project&);

}  // namespace project::project_json
