#pragma once
// `animview export-clip FILE --clip NAME [--mirror] [--filter SPEC] --out OUT.glb`: writes one
// clip of a file with its character as binary glTF 2.0, mirrored across the character's sagittal
// plane on request (strafe-right made from strafe-left), smoothed on request (--filter
// butterworth:6Hz: anim/clip_filter.h).

#include <CLI/CLI.hpp>

namespace app {

// Registers the `export-clip` subcommand on app. When it runs, its callback sets exit_code: 0
// when the file was written, 1 when it could not be, 2 for a bad --filter (the cause, naming the
// file, to stderr).
void add_export_clip_command(CLI::App& app, int& exit_code);

}  // namespace app
