#include "import/character_units.h"

#include <cstdio>
#include <string_view>

#include "import/posed_bounds.h"

namespace importer {

namespace {

// Nothing in it moves: no skeleton to pose and no clip to play.
bool is_static_model(const Character& character) {
  return !character.meshes.empty() && character.clips.empty() &&
         character.skeleton.joint_count() <= 1;
}

}  // namespace

CharacterUnits guess_character_units(const Character& character, const anim::Rig& rig) {
  CharacterUnits units;
  const Bounds b = character.meshes.empty() ? bind_pose_bounds(character)
                                            : rest_pose_bounds(character, glm::mat4(1.0f));
  if (b.empty()) return units;
  units.height = b.max.y - b.min.y;
  if (is_static_model(character)) return units;
  units.guess = guess_unit(units.height, std::string_view(anim::rig_kind(rig)) == "biped");
  if (!units.guess.changed()) return units;
  units.unit_scale = character.report.unit_scale_applied * units.guess.metres_per_unit;
  char text[160];
  std::snprintf(text, sizeof(text), "%s (%.0f units tall): scaled by %g to %.2f m",
                units.guess.unit, units.height, units.guess.metres_per_unit,
                units.height * units.guess.metres_per_unit);
  units.description = text;
  return units;
}

}  // namespace importer
