#pragma once
// The left panel's Import tab between frames: the settings the next import uses, and the units
// guessed or refused.

#include <string>
#include <vector>

#include "import/import_settings.h"

namespace ui {

struct ImportTabState {
  importer::ImportSettings settings;
  // The unit guessed from the character's size (app/unit_guessing.h), for the files it was
  // guessed for; empty when the units are the file's own or the user's.
  std::string unit_guess;
  std::vector<std::string> unit_guess_files;
  std::string unit_scale_problem;  // why the last typed unit scale was refused
};

}  // namespace ui
