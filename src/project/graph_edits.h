#pragma once
// The authoring edits of a project's graph that reach across it: blend spaces created (empty, or
// from chosen clips), renamed, duplicated and deleted, with the states that play them kept
// pointing at the same space, and the parameters a new space needs created. The UI calls these;
// each returns "" or why it refused (the project is then unchanged).

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "project/project_file.h"

namespace project {

// A name not yet used by a blend space of project: base, or "base 2", "base 3", ...
std::string unique_blend_space_name(const Project& project, const std::string& base);

// Appends an empty blend space (dimensions 1 or 2) named after base (made unique). A 2D space is
// driven by "velocity_x" and "velocity_z" (sideways and forward, metres per second), a 1D one by
// "speed"; those parameters are created as floats when the project lacks them. Returns "" or the
// cause; index receives the new space's index.
std::string add_blend_space(Project& project, int dimensions, const std::string& base, int& index);

// A new blend space holding the given project clips (indices into project.clips), each at its
// position (one per clip; 1D spaces use the length as the threshold), the axes fitted to them.
std::string add_blend_space_from_clips(Project& project, int dimensions, const std::string& base,
                                       std::span<const int> clips,
                                       std::span<const glm::vec2> positions, int& index);

// Renames blend space index; refuses an empty name or one another space has.
std::string rename_blend_space(Project& project, int index, const std::string& name);

// Appends a copy of blend space index named "<name> copy" (made unique).
std::string duplicate_blend_space(Project& project, int index, int& copy);

// Removes blend space index; refuses while a state (of any machine or sub-machine) plays it, naming
// the state. States playing later spaces are renumbered.
std::string delete_blend_space(Project& project, int index);

// Parameters, created, renamed, retyped and removed with the blend spaces and states that use
// them kept in step (blend spaces name their parameters; conditions and speed parameters index
// them). Values are kept (a retyped value is rounded as the new type rounds it).

// Appends a parameter; refuses an empty or taken name.
std::string add_parameter(Project& project, const std::string& name, anim::ParameterType type);

// Renames parameter index, and the blend spaces' references to it.
std::string rename_parameter(Project& project, int index, const std::string& name);

// Changes parameter index's type.
std::string set_parameter_type(Project& project, int index, anim::ParameterType type);

// Removes parameter index; refuses while a blend space, condition or speed parameter uses it
// (naming the user), and renumbers the conditions and speed parameters after it.
std::string remove_parameter(Project& project, int index);

}  // namespace project
