#pragma once
// `animview slide FILE|PROJECT [--clip C [--requested-speed V] | --param NAME=VALUE ...]
// [--duration S] [--json]`:
// how far the character's planted feet slide over the ground while it plays, with the frame
// options of `pose` (root motion applied by default, so the ground is the world's floor). Per
// foot: the steps begun, the slide in metres and the mean slide of a step as a share of the leg's
// length (anim/foot_slide.h). A clip given --requested-speed is carried at that speed, as a game
// moves its capsule at the speed gameplay asks: without stride warping its planted feet slide by
// the difference, with it the stride keeps up. (Measured on the character's own warped root
// motion instead, warping could change nothing: it scales the root step by the ratio it runs
// each planted foot back by, so planted feet move in the world as they did unwarped.)

#include <CLI/CLI.hpp>

namespace app {

// Registers the `slide` subcommand on app; its callback sets exit_code: 0 on success, 1 when a
// file cannot be read, names no such clip or its skeleton has no legs, 2 for a bad option.
void add_slide_command(CLI::App& app, int& exit_code);

}  // namespace app
