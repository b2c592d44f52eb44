#pragma once
// What a menu item or a keyboard shortcut asks the viewer to do (beyond a toggle, which the menu
// edits in place as the panels do): the menu bar (ui/main_menu.h) and the shortcuts
// (ui/shortcuts.h) return these, and the viewer applies them in one place
// (app/viewer_commands.h).

#include <vector>

namespace ui {

enum class ViewerCommand {
  Open,                // File > Open... (Ctrl+O): the file browser
  Save,                // File > Save (Ctrl+S): the project's file, or Save As for a new project
  SaveAs,              // File > Save As... (Ctrl+Shift+S)
  Reload,              // File > Reload (Ctrl+R): the loaded files again, keeping the playhead
  AddClipFile,         // File > Add clip file...: the file browser, to bind a clip file
  ExportPose,          // File > Export pose as JSON
  ExportFrames,        // File > Export frames...: the export dialog
  ExportVideo,         // File > Export video...: its dialog
  ExportRecord,        // File > Export transition record
  Quit,                // File > Quit (Ctrl+Q), through the unsaved-changes prompt
  FrameCharacter,      // View > Frame character (F)
  FrameAll,            // View > Frame all (Home): the character and the ground around the origin
  LookFront,           // numpad 1: Blender's front view
  LookRight,           // numpad 3: right view
  LookTop,             // numpad 7: top view (orthographic)
  ToggleOrthographic,  // numpad 5: perspective <-> orthographic
};

using ViewerCommands = std::vector<ViewerCommand>;

}  // namespace ui
