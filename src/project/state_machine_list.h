#pragma once
// The project's state machines as the graph panel's picker shows them: one active machine (the
// one the character plays, Project::state_machine) and the others, kept for later. Machines are
// created, renamed, duplicated, deleted and made active here; each edit returns "" or why it
// refused (the project is then unchanged).
//
// A machine is named by its place in the picker: kActiveMachine, or an index into
// Project::other_state_machines.

#include <string>

#include "project/project_file.h"

namespace project {

inline constexpr int kActiveMachine = -1;

// What the picker shows for a machine: its name, or "state machine" when it has none (files
// written before machines had names in the editor).
std::string state_machine_label(const anim::StateMachine& machine);

// A name no machine of project has: base, or "base 2", "base 3", ...
std::string unique_state_machine_name(const Project& project, const std::string& base);

// Makes a new, empty machine named after base (made unique) the active one; the previously
// active machine joins the others, unless it is an unnamed machine without states (a project
// that had none yet), which the new one replaces.
std::string add_state_machine(Project& project, const std::string& base);

// Renames machine which; refuses an empty name or one another machine has.
std::string rename_state_machine(Project& project, int which, const std::string& name);

// Adds a copy of machine which, named "<name> copy" (made unique), to the others; copy
// receives its index there.
std::string duplicate_state_machine(Project& project, int which, int& copy);

// Deletes one of the other machines. The active machine is refused: the character plays it, so
// the user makes another one active first.
std::string delete_state_machine(Project& project, int which);

// Makes other machine which the active one; the active one takes its place among the others.
std::string activate_state_machine(Project& project, int which);

}  // namespace project
