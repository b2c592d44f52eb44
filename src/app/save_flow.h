#pragma once
// Saving a project safely. Save writes back to the project file that was opened or last saved;
// a new project (a model or the demo opened directly) asks where first, in the Save As dialog
// that starts in the working folder, so nothing is ever written beside an opened asset unless
// the user picks that folder. Paths in the saved file are relative to it. Quit, open and reload
// wait on the unsaved-changes prompt (Save / Discard / Cancel) while there are unsaved changes.

#include <string>
#include <vector>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "render/orbit_camera.h"
#include "ui/file_browser.h"

namespace app {

// Writes the viewer's project (project_session.h's current_project) to path, its character
// and clip files relative to path's folder, through import::write_file_atomically. On success
// path becomes the project's file: Save writes there, reload opens it, the title names it, and
// there are no unsaved changes. Returns "" or the cause naming path.
std::string save_project_to(const std::string& path, ViewerUi& ui, ViewerScene& scene,
                            const render::OrbitCamera& camera);

// The viewer's project (project_session.h's current_project) as JSON, its character and clip
// files relative to folder (where the text is about to be written).
std::string project_json_in(const std::string& folder, const ViewerUi& ui, const ViewerScene& scene,
                            const render::OrbitCamera& camera);

// Where Save As starts for a new project: "<model name>.animview.json" ("demo.animview.json"
// for the demo) in the working folder; the project's own file once it has one.
std::string suggested_project_path(const ViewerUi& ui, const ViewerScene& scene);

// Whether the project has changes that a save would keep (authored_json differs from the last
// load or save). Watching (the playhead, the camera, parameter values) is not a change.
bool has_unsaved_changes(const ViewerUi& ui, const ViewerScene& scene,
                         const render::OrbitCamera& camera);

// "walk.animview.json* - animview": the project's file name (or "untitled" before its first
// save), "*" for unsaved changes.
std::string window_title(const ViewerUi& ui, bool unsaved);

enum class GuardedAction { None, Quit, Open };

class SaveFlow {
 public:
  // Whether action may happen now. Without unsaved changes, yes. With them the prompt asks (the
  // first call opens it), and a later call returns true once, after the user saved or
  // discarded.
  bool allow(GuardedAction action, bool unsaved);

  // One frame: ui.view's Save and Save As requests, the Save As dialog and the prompt, and what
  // their answers do (an approved quit sets ui.view.request_quit again). Returns true when the
  // user cancelled an open or reload: the caller drops its queued open requests.
  bool frame(ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera);

  bool asking() const { return prompt_open_ || browser_.open; }

 private:
  void save_or_ask(ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera, bool ask);

  ui::FileBrowserState browser_;
  bool prompt_open_ = false;
  GuardedAction pending_ = GuardedAction::None;   // waits on the prompt or the dialog
  GuardedAction approved_ = GuardedAction::None;  // may go ahead once
};

}  // namespace app
