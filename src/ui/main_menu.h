#pragma once
#include "ui/view_settings.h"
#include "ui/viewer_command.h"

namespace ui {

// The menu bar: File, View (toggles, the Curves window, navigation preset), Help. Toggles change
// settings and curves_window in place; the commands of the items chosen (open, save, export,
// frame...) are returned for the viewer to apply.
ViewerCommands draw_main_menu(ViewSettings& settings, bool& curves_window);

}  // namespace ui
