#pragma once
// A shared asset loaded as the viewer opens a file (in the units it guesses: the Fox's
// centimetres become metres), with the foot-contact markers the project adds to its clips: what
// the tests that measure a real character's foot slide and speed start from.

#include <filesystem>
#include <string>

#include "project/guessed_units_loading.h"
#include "project/project_opening.h"

namespace test {

// Loads path (a character file) and, when it loaded, marks its clips' foot contacts; the
// outcome's ok says whether it loaded. Callers skip first where the asset is absent
// (SKIP_IF_ABSENT).
inline project::LoadOutcome load_with_foot_contacts(const std::filesystem::path& path) {
  project::LoadRequest request;
  request.files = {path.string()};
  std::string units_notice;
  project::LoadOutcome loaded = project::load_in_guessed_units(request, units_notice);
  if (loaded.ok) project::add_foot_contact_markers(loaded.character, {}, loaded.character.clips);
  return loaded;
}

}  // namespace test
