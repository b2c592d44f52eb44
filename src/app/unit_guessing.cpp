#include "app/unit_guessing.h"

#include "import/character_units.h"

namespace app {

bool guess_units_after_load(ViewerUi& ui, const ViewerScene& scene,
                            const std::vector<std::string>& files) {
  if (ui.import_tab.settings.unit_scale != 0.0f || !scene.loaded) return false;
  const importer::CharacterUnits units =
      importer::guess_character_units(scene.character, ui.rig.rig);
  if (!units.guess.changed()) return false;
  ui.import_tab.settings.unit_scale = units.unit_scale;
  ui.import_tab.unit_guess = units.description + ". Set the unit scale to override.";
  ui.import_tab.unit_guess_files = files;
  ui.status = std::string("units: ") + units.guess.unit + " (guessed from the character's size)";
  // The load is redone: it counts once, when the import at the right scale is in.
  --ui.load_count;
  return true;
}

void forget_unit_guess(ViewerUi& ui, const std::vector<std::string>& files) {
  if (ui.import_tab.unit_guess.empty() || files == ui.import_tab.unit_guess_files) return;
  ui.import_tab.unit_guess.clear();
  ui.import_tab.unit_guess_files.clear();
  ui.import_tab.settings.unit_scale = 0.0f;
}

}  // namespace app
