#pragma once
// What the renderer draws of a loaded character (render::CharacterSource), taken from
// importer::Character: the renderer sees no import types (DESIGN.md's layer map).

#include "import/character.h"
#include "render/character_gpu.h"

namespace app {

// The character's meshes and materials (borrowed: character must outlive the upload) and its
// rest-pose bounds (importer::rest_pose_bounds). Allocates (it measures the mesh): for loads.
render::CharacterSource character_source(const importer::Character& character);

}  // namespace app
