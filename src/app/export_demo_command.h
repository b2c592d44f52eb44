#pragma once
// `animview export-demo OUT.glb`: writes the built-in demo character and its clips as binary
// glTF 2.0, so users can open it in other tools.

#include <CLI/CLI.hpp>

namespace app {

// Registers the `export-demo` subcommand on app. When it runs, its callback sets exit_code: 0
// when the file was written, 1 when it could not be (the cause, naming the file, goes to
// stderr).
void add_export_demo_command(CLI::App& app, int& exit_code);

}  // namespace app
