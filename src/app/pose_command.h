#pragma once
// `animview pose FILE [--anim-file CLIPFILE] [--clip NAME|INDEX] [--time SECONDS] [--json]`:
// every joint's name, parent and model-space transform at a time of a clip (or the bind pose
// when no clip is given). Model space is the scene root's space after the importer's unit and
// axis conversion: metres, Y-up.

#include <CLI/CLI.hpp>

namespace app {

// Registers the `pose` subcommand on app. When it runs, its callback sets exit_code: 0 on
// success, 1 when a file cannot be imported or has no such clip (the cause goes to stderr).
void add_pose_command(CLI::App& app, int& exit_code);

}  // namespace app
