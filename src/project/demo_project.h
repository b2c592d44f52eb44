#pragma once
// The default project: what `animview` opens with no file. The demo character's walks and jogs in
// a 2D directional blend space over ground velocity, inside a small state machine with turns in
// place, and upper-body and additive layers to try masks with.

#include "project/project_file.h"

namespace project {

// Builds the default project for make_demo_character(), deterministically:
// - character "<demo>", clips: every demo clip by name, in the character's order;
// - parameters velocity_x and velocity_z (m/s in the character's frame, +x to its left, +z
//   forward; both 0 at start) and turn (> 0.5 turns left in place, < -0.5 turns right);
// - blend space "locomotion" (freeform directional) over (velocity_x, velocity_z): idle at the
//   centre, each walk and jog at the velocity it was generated with (so a sample point moves the
//   character at the speed the user asked for, with root motion);
// - state machine: "locomotion" (entry, the blend space), "turn_left" and "turn_right" (clips),
//   with transitions on the turn parameter both ways;
// - layers, all at weight 0 until the user raises them: "wave" (override, masked to the chest and
//   everything above it) and "lean_left" / "lean_right" (additive, deltas against the rest pose).
Project make_demo_project();

}  // namespace project
