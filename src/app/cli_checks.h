#pragma once
// Checks for command-line values that CLI11's own validators let through: "nan" and "inf"
// parse as floats, and pass CLI::Range, but no time, angle or parameter may be either.

#include <CLI/CLI.hpp>

namespace app {

// Accepts a finite number; refuses "nan", "inf" and anything that is not a number.
CLI::Validator finite_number();

// Accepts NAME=VALUE where VALUE is a finite number (the viewer's --param).
CLI::Validator finite_assignment();

// --import-memory-mib, --import-cpu-s, --import-stack-mib (and --import-in-process): the limits of
// the child process that reads model and clip files (importer::ImportLimits), for every command.
// They set the process's default limits while the command line is parsed, before any command runs;
// give them before the subcommand (`animview --import-cpu-s 5 info walk.fbx`).
void add_import_limit_options(CLI::App& app);

}  // namespace app
