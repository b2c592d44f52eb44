#pragma once
// The one place the viewer applies what its menus and keyboard shortcuts ask for
// (ui::ViewerCommand): the menu bar and the key handler return commands, the frame loop hands
// them here.

#include <span>

#include "app/viewer.h"
#include "ui/viewer_command.h"

namespace app {

// Does what command asks of v: opens a dialog or the file browser, saves, exports, reloads,
// quits (through the unsaved-changes prompt) or moves the camera. Commands that need a character
// (save, export) do nothing without one.
void apply_viewer_command(Viewer& v, ui::ViewerCommand command);

void apply_viewer_commands(Viewer& v, std::span<const ui::ViewerCommand> commands);

}  // namespace app
