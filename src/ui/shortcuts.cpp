#include "ui/shortcuts.h"

#define GLFW_INCLUDE_NONE  // only the key codes are needed, not a GL header
#include <GLFW/glfw3.h>

namespace ui {

std::optional<ViewerCommand> shortcut_command(KeyPress press, bool typing) {
  const bool ctrl = (press.mods & GLFW_MOD_CONTROL) != 0;
  const bool shift = (press.mods & GLFW_MOD_SHIFT) != 0;
  // Quitting edits nothing, so it works even while a text field has the keyboard.
  if (ctrl && press.key == GLFW_KEY_Q) return ViewerCommand::Quit;
  if (typing) return std::nullopt;
  if (ctrl) {
    switch (press.key) {
      case GLFW_KEY_O:
        return ViewerCommand::Open;
      case GLFW_KEY_S:
        return shift ? ViewerCommand::SaveAs : ViewerCommand::Save;
      case GLFW_KEY_R:
        return ViewerCommand::Reload;
      default:
        return std::nullopt;
    }
  }
  switch (press.key) {
    case GLFW_KEY_F:
      return ViewerCommand::FrameCharacter;
    case GLFW_KEY_HOME:
      return ViewerCommand::FrameAll;
    // Blender's numpad: 1 front, 3 right, 7 top (orthographic), 5 perspective <-> orthographic.
    case GLFW_KEY_KP_1:
      return ViewerCommand::LookFront;
    case GLFW_KEY_KP_3:
      return ViewerCommand::LookRight;
    case GLFW_KEY_KP_7:
      return ViewerCommand::LookTop;
    case GLFW_KEY_KP_5:
      return ViewerCommand::ToggleOrthographic;
    default:
      return std::nullopt;
  }
}

}  // namespace ui
