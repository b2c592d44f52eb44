#pragma once
// Saving a project safely. Save writes back to the project file that was opened or last saved;
// a new project (a model or the demo opened directly) asks where first, in the Save As dialog
// that starts in the working folder, so nothing is ever written beside an opened asset unless
// the user picks that folder. Paths in the saved file are relative to it. Quit, open and reload
// wait on the unsaved-changes prompt (Save / Discard / Cancel) while there are unsaved changes.

#include <string>
#include <vector>

#include "app/document.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "render/orbit_camera.h"
#include "ui/file_browser.h"

namespace app {

// Writes the viewer's project (project_session.h's current_project) to path, its character
// and clip files relative to path's folder, through importer::write_file_atomically. On success
// path becomes the document's file (Document::saved_to): Save writes there, reload opens it,
// the title names it, and there are no unsaved changes. Returns "" or the cause naming path.
std::string save_project_to(const std::string& path, Document& doc, const ViewerUi& ui,
                            ViewerScene& scene, const render::OrbitCamera& camera);

// The viewer's project (project_session.h's current_project) as JSON, its character and clip
// files relative to folder (where the text is about to be written).
std::string project_json_in(const std::string& folder, const Document& doc, const ViewerUi& ui,
                            const ViewerScene& scene, const render::OrbitCamera& camera);

// Where Save As starts for a new project: "<model name>.animview.json" ("demo.animview.json"
// for the demo) in the working folder; the project's own file once it has one.
std::string suggested_project_path(const Document& doc);

// Whether the project has changes that a save would keep (its authored_json differs from the
// document's last load or save). Watching (the playhead, the camera, parameter values, motion
// matching's mode and coverage) is not a change.
bool has_unsaved_changes(const Document& doc, const ViewerUi& ui, const ViewerScene& scene,
                         const render::OrbitCamera& camera);

// Takes the project as it now is as the document's saved state (after a load).
void mark_saved(Document& doc, const ViewerUi& ui, const ViewerScene& scene,
                const render::OrbitCamera& camera);

enum class GuardedAction { None, Quit, Open };

class SaveFlow {
 public:
  // Whether action may happen now. Without unsaved changes, yes. With them the prompt asks (the
  // first call opens it), and a later call returns true once, after the user saved or
  // discarded.
  bool allow(GuardedAction action, bool unsaved);

  // Save (ask false) writes the project to its file, or opens the Save As dialog for a new
  // project; Save As (ask true) always opens the dialog.
  void save(Document& doc, ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera,
            bool ask);

  // One frame: the Save As dialog and the prompt, and what their answers do. Returns true when
  // the user cancelled an open or reload: the caller drops its queued open requests.
  bool frame(Document& doc, ViewerUi& ui, ViewerScene& scene, const render::OrbitCamera& camera);

  bool asking() const { return prompt_open_ || browser_.open; }
  // The prompt let a quit go ahead (saved or discarded): the viewer quits again, and allow
  // lets it this time.
  bool quit_approved() const { return approved_ == GuardedAction::Quit; }

 private:
  // Saves to path; reports the outcome in ui (the error panel or the status line).
  void save_to(const std::string& path, Document& doc, ViewerUi& ui, ViewerScene& scene,
               const render::OrbitCamera& camera);

  ui::FileBrowserState browser_;
  bool prompt_open_ = false;
  GuardedAction pending_ = GuardedAction::None;   // waits on the prompt or the dialog
  GuardedAction approved_ = GuardedAction::None;  // may go ahead once
};

}  // namespace app
