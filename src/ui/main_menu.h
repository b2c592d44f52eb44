#pragma once
#include "ui/view_settings.h"

namespace ui {

// The menu bar: File, View (toggles, the Curves window, navigation preset), Help.
void draw_main_menu(ViewSettings& settings, bool& curves_window);

}  // namespace ui
