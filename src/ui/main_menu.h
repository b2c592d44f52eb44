#pragma once
#include "ui/view_settings.h"

namespace ui {

// The menu bar: File, View (toggles, navigation preset), Help.
void draw_main_menu(ViewSettings& settings);

}  // namespace ui
