#pragma once
// The project file's state machines (project/project_file.h) as JSON, both ways: states by name,
// transitions with their conditions, sub-machines nested in their states.

#include <string>
#include <vector>

#include "anim/parameters.h"
#include "anim/state_machine.h"
#include "project/project_file.h"
#include "project/project_json.h"

namespace project::project_json {

// m as the file's "state_machine" object: clips, blend spaces and parameters by name (p's).
json machine_to_json(const anim::StateMachine& m, const Project& p);

// Everything a machine's names resolve against.
struct Names {
  const std::vector<std::string>& clips;
  std::vector<std::string> blend_spaces;
  const anim::Parameters& parameters;
};

// Iterative, so the file's nesting never decides the reader's stack depth; sub-machines are
// read depth-first, in file order.
anim::StateMachine read_machine(const json& j, const std::string& path, const Names& names);

}  // namespace project::project_json
