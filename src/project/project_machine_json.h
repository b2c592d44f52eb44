#pragma once
// The project file's state machines (project/project_file.h) as JSON, both ways through one list
// of fields (project/project_field_io.h): states by name, transitions with their conditions,
// sub-machines nested in their states. Clips, blend spaces and parameters are named as the
// project names them.

#include "anim/state_machine.h"
#include "project/project_file.h"

namespace project::project_json {

class FieldReader;
class FieldWriter;

// The fields of machine m of project p, read (FieldReader, m mutable) or written (FieldWriter,
// m const). depth is 1 for a project's machines and one more for each nesting; a machine deeper
// than kMaxMachineDepth is refused before its states are read, so the file's nesting never
// decides how deep the reader recurses. Only a top-level machine may have no states.
template <typename Io, typename Machine>
void machine_fields(Io& io, Machine& m, const Project& p, int depth);

extern template void machine_fields(FieldReader&, anim::StateMachine&, const Project&, int);
extern template void machine_fields(FieldWriter&, const anim::StateMachine&, const Project&, int);

}  // namespace project::project_json
