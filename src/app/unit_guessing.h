#pragma once
// The viewer's automatic units: a character opened with automatic units whose size says it is in
// centimetres, inches or millimetres is imported again at that scale, and the Import tab says so.
// The guess stays with the file: opening another file goes back to automatic units.

#include <string>
#include <vector>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// After a load of files: when the unit scale is automatic and the character's bind-pose height
// is not plausible in metres, sets ui.import_tab.settings.unit_scale to the scale that brings it to
// metres, records the guess in ui.import_tab.unit_guess (for files), and returns true (the caller
// imports the files again; the load is not counted in ui.load_count until that import is in).
// What is cached for the unscaled load is keyed on the document's generation, which the reload
// moves on, so none of it outlives the reload.
bool guess_units_after_load(ViewerUi& ui, const ViewerScene& scene,
                            const std::vector<std::string>& files);

// Before a load of files: a guess made for other files no longer applies (automatic units again).
void forget_unit_guess(ViewerUi& ui, const std::vector<std::string>& files);

}  // namespace app
