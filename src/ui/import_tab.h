#pragma once
// The left panel's Import tab: the import settings (unit scale, up axis, frame rate, influences
// per vertex), re-importing with them, and the recent files.

#include <optional>
#include <string>
#include <vector>

#include "import/import_settings.h"

namespace ui {

// What the user asked for in the tab this frame.
struct ImportTabRequest {
  bool reimport = false;              // "Re-import with these settings"
  std::optional<std::string> recent;  // a recent file to open
};

// Draws the tab's contents and edits settings. A typed unit scale is applied on Enter, and only
// when sensible: otherwise unit_scale_problem says why (importer::unit_scale_problem) and stays
// shown. unit_guess (the unit guessed from the character's size) is shown under it, and
// cleared when the user sets one. can_reimport: something is loaded.
ImportTabRequest draw_import_tab(importer::ImportSettings& settings,
                                 std::string& unit_scale_problem, std::string& unit_guess,
                                 bool can_reimport, const std::vector<std::string>& recent_files);

}  // namespace ui
