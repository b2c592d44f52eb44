#pragma once
// The built-in demo character: a procedural mannequin with directional locomotion, generated in
// code so the viewer has something to show on a fresh machine and the tests have data with
// exactly known answers.

#include "import/character.h"

namespace demo {

// Builds the whole character, deterministically: make_demo_skeleton(), make_demo_mesh(), one
// neutral grey material, and the clips (in this order): the gaits of demo_gait_specs() (idle,
// walk and jog in 8 directions, run_forward, turn_left, turn_right), wave, lean_left and
// lean_right. source_path is "<demo>".
importer::Character make_demo_character();

// The source_path of the demo character, so the viewer can tell it from a file.
inline constexpr const char* kDemoSourcePath = "<demo>";

}  // namespace demo
