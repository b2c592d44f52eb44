#pragma once
// Which unit a character's file is in, judged by its size: a humanoid stands about 1-2 m tall,
// so a 170-unit figure is in centimetres and a 67-unit one in inches. The viewer shows the guess
// and the user overrides it (--unit-scale, the Import tab); nonsense scales are refused.

#include <string>

namespace importer {

// A unit a file may be in, and how many metres one of it is.
struct UnitGuess {
  float metres_per_unit = 1.0f;  // the scale to apply on top of the one already applied
  // "metres", "centimetres", "inches", "millimetres", or "CMU mocap units" (1/0.45 inch: the CMU
  // database's BVH files, whose skeletons are 20 times too big read as metres)
  const char* unit = "metres";
  bool changed() const { return metres_per_unit != 1.0f; }
};

// The unit that brings a character height_m tall (its bind-pose height as imported) to a
// plausible size: the height kept when it is between 0.25 and 5 m (a fox, a person, a 4.5 m robot).
// Otherwise, for a biped (a humanoid stands about 1.7 m), the unit that brings it nearest 1.7 m;
// for other characters (a fox's height says less), the first of centimetres, inches and
// millimetres that makes it plausible. Anything else (a building, a non-finite or empty height)
// is left as it is: a guess that cannot be made is not made.
UnitGuess guess_unit(float height_m, bool biped);

// Why a unit scale (metres per file unit) is refused, or an empty string when it is usable:
// it must be finite and between 1e-6 and 1e6 (the render command's --unit-scale range).
// 0 is accepted and means "automatic".
std::string unit_scale_problem(float metres_per_unit);

}  // namespace importer
