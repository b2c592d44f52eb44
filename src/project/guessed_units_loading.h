#pragma once
// Opening a file in the units the viewer would guess: a character whose size says its file is
// not in metres (the Fox's glTF is in centimetres, 79 units tall) is imported again at the
// guessed scale, so that its lengths and speeds are in metres, as the viewer shows them. For the
// command-line tools (app/frame_options.h) and the tests that measure a real character.

#include <string>

#include "project/project_opening.h"

namespace project {

// load_now(request) and, when request's unit scale is left to be guessed (0) and the loaded
// character's height is not plausible in metres (importer::guess_character_units on the
// project's rig), load_now again at the guessed scale. notice: "units guessed: <what the guess
// did>" when it imported again, else empty.
LoadOutcome load_in_guessed_units(LoadRequest request, std::string& notice);

}  // namespace project
