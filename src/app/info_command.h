#pragma once
// `animview info FILE [--json]`: what an import makes of a file (skeleton, clips, meshes,
// warnings), as text for people or JSON for scripts.

#include <CLI/CLI.hpp>

namespace app {

// Registers the `info` subcommand on app. When it runs, its callback sets exit_code: 0 on
// success, 1 when the file cannot be imported (the cause goes to stderr).
void add_info_command(CLI::App& app, int& exit_code);

}  // namespace app
