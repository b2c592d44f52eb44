#pragma once
// The side panel's character sections: what is loaded, its materials, skinning (method, colouring,
// health), root motion and foot IK with the terrain. Immediate mode: it edits the values it is
// given.

#include <string>

#include <glm/glm.hpp>

#include "anim/character_instance.h"
#include "anim/terrain.h"
#include "import/character.h"
#include "ui/material_list.h"
#include "ui/view_settings.h"

namespace ui {

// Read-only facts the panel shows about the skinning.
struct SkinningHealth {
  int max_influences = 0;           // most influences any vertex has
  int influence_histogram[9] = {};  // vertices by influence count 0..8
  int stretched_joints = 0;         // joints with non-uniform scale (DQ applies it first)
  std::string palette_description;  // the buffer path and sizes
};

// Counts influences per vertex over every mesh.
SkinningHealth measure_skinning(const importer::Character& character);

// What the user asked for with the panel's buttons this frame.
// Where the panel's live toggles are this frame (window pixels, for scripted clicks; zero when
// not drawn).
struct CharacterControlCenters {
  glm::vec2 lbs{0.0f}, dual_quaternion{0.0f};
  glm::vec2 in_place{0.0f}, applied{0.0f};
  glm::vec2 foot_ik{0.0f}, lock_feet{0.0f};
};

struct CharacterPanelActions {
  bool reset_world = false;
  bool clip_storage_changed = false;  // the compressed-clips box was toggled: rebind the player
  bool settings_changed = false;      // the character's settings were edited: hand them over
  CharacterControlCenters controls;
};

// The player's clip storage, shown and chosen in the panel.
struct ClipStorage {
  bool compressed = false;
  float tolerance_m = 0.0f;  // the compression's stated error
  std::size_t bytes = 0;     // what the player samples from
};

// root_motion_from_feet: the clip playing has no root motion of its own and moves by the
// ground motion its feet give (anim/ground_motion.h); the root motion section says so.
void draw_character_panel(const importer::Character& character, const SkinningHealth& health,
                          std::span<const MaterialRow> materials, ViewSettings& view,
                          anim::CharacterSettings& settings, anim::Terrain& terrain,
                          bool has_foot_rig, ClipStorage& clip_storage,
                          CharacterPanelActions& actions, bool root_motion_from_feet = false);

// The Character tab before anything is loaded: how to load something.
void draw_nothing_loaded_hint();

}  // namespace ui
