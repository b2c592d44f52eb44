#pragma once
// `animview retarget CLIP_FILE --to MODEL [--clip NAME] --out OUT.glb [--report] [--json]`: the
// clips of one file (a mocap BVH, a library FBX) retargeted onto another character and written
// with that character as binary glTF, through the same code as the viewer's "Add clip file";
// --report adds each clip's quality per chain (anim/retarget_report.h).

#include <CLI/CLI.hpp>

namespace app {

// Registers the `retarget` subcommand on app. When it runs, its callback sets exit_code: 0 when
// the file was written, 1 when it could not be (an unreadable file, no rig or no legs on either
// character, an unknown clip; the cause, naming the file, to stderr).
void add_retarget_command(CLI::App& app, int& exit_code);

}  // namespace app
