#pragma once
// The left panel's Character tab between frames: what it shows about the open character, and
// where its live toggles are.

#include <vector>

#include "ui/character_panel.h"
#include "ui/material_list.h"

namespace ui {

struct CharacterTabState {
  SkinningHealth health;               // measured when a character is opened
  std::vector<MaterialRow> materials;  // rebuilt when a character is opened
  CharacterControlCenters controls;    // the live toggles (window pixels, for scripted clicks)
};

}  // namespace ui
