#include "app/unit_guessing.h"

#include <cstdio>
#include <string_view>

#include "anim/rig.h"

#include "asset/posed_bounds.h"
#include "asset/unit_detection.h"

namespace app {

bool guess_units_after_load(ViewerUi& ui, const ViewerScene& scene) {
  if (ui.import_settings.unit_scale != 0.0f || !scene.loaded) return false;
  // The height as the file stands the character: its mesh skinned in the rest pose (a mesh may
  // be bound lying down), or without a mesh its joints (no margin for a mesh's thickness).
  const asset::Bounds b = scene.character.meshes.empty()
                              ? asset::bind_pose_bounds(scene.character)
                              : asset::rest_pose_bounds(scene.character, glm::mat4(1.0f));
  if (b.empty()) return false;
  const float height = b.max.y - b.min.y;
  const bool biped = std::string_view(anim::rig_kind(ui.rig.rig)) == "biped";
  const asset::UnitGuess guess = asset::guess_unit(height, biped);
  if (!guess.changed()) return false;
  // The file's own scale (FBX, Collada) is already in the height: the guess goes on top of it.
  const float applied = scene.character.report.unit_scale_applied;
  ui.import_settings.unit_scale = applied * guess.metres_per_unit;
  char text[200];
  std::snprintf(text, sizeof(text),
                "%s (%.0f units tall): scaled by %g to %.2f m. Set the unit scale to override.",
                guess.unit, height, guess.metres_per_unit, height * guess.metres_per_unit);
  ui.unit_guess = text;
  ui.unit_guess_files = ui.loaded_files;
  ui.status = std::string("units: ") + guess.unit + " (guessed from the character's size)";
  // The load is redone: it counts once, when the import at the right scale is in.
  --ui.load_count;
  return true;
}

void forget_unit_guess(ViewerUi& ui, const std::vector<std::string>& files) {
  if (ui.unit_guess.empty() || files == ui.unit_guess_files) return;
  ui.unit_guess.clear();
  ui.unit_guess_files.clear();
  ui.import_settings.unit_scale = 0.0f;
}

}  // namespace app
