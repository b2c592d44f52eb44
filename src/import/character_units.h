#pragma once
// The unit a loaded character's file is in, judged by its height as the file stands it: one
// guess for the viewer (which imports again at the guessed scale) and for `animview pose` and
// `render` (which do the same), so a frame's numbers agree between them on any file.

#include <string>

#include "anim/rig.h"
#include "import/character.h"
#include "import/unit_detection.h"

namespace importer {

struct CharacterUnits {
  UnitGuess guess;          // unchanged when the height is plausible in metres (or not measurable)
  float height = 0.0f;      // in the units it was imported in
  float unit_scale = 0.0f;  // metres per file unit to import with: the scale already applied times
                            // the guess (a cm FBX's own scale is already in the height)
  // "<unit> (<height> units tall): scaled by <factor> to <metres> m"; empty when unchanged.
  std::string description;
};

// The guess for character as imported, a biped when rig says so (its height says more than a
// quadruped's): the height of the mesh skinned in the rest pose (a mesh may be bound lying
// down), or without a mesh of its joints (those of its character_tree, without the cameras a
// scene may keep as joints; no margin for a mesh's thickness). A static model (meshes, one joint
// at most, no clips: a prop, a building, a scene) can be any size, so its file's own units stand.
CharacterUnits guess_character_units(const Character& character, const anim::Rig& rig);

}  // namespace importer
