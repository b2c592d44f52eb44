#include "project/guessed_units_loading.h"

#include "import/character_units.h"
#include "project/rig_corrections.h"

namespace project {

LoadOutcome load_in_guessed_units(LoadRequest request, std::string& notice) {
  notice.clear();
  LoadOutcome loaded = load_now(request);
  if (!loaded.ok || request.settings.unit_scale != 0.0f) return loaded;
  const importer::CharacterUnits units = importer::guess_character_units(
      loaded.character, project_rig(loaded.character, loaded.project.rig));
  if (!units.guess.changed()) return loaded;
  request.settings.unit_scale = units.unit_scale;
  notice = "units guessed: " + units.description;
  return load_now(request);
}

}  // namespace project
