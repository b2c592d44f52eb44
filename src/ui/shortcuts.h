#pragma once
// The viewer's keyboard shortcuts: which key press asks for which command (ui/viewer_command.h).

#include <optional>

#include "ui/viewer_command.h"

namespace ui {

// A key press as GLFW reports it: its key code and modifier bits.
struct KeyPress {
  int key = 0;
  int mods = 0;
};

// The command press is a shortcut for, or nullopt. While typing (a text field has the
// keyboard) only Ctrl+Q is one: no other shortcut may take a key from the text.
std::optional<ViewerCommand> shortcut_command(KeyPress press, bool typing);

}  // namespace ui
