#pragma once
// The project as the viewer shows it: the document's project plus what the user set up around it
// while viewing (view settings, camera, live parameters, playback: the "session"), and back.
// Save writes current_project(); a load restores it with restore_view and restore_session.

#include <string>

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "project/project_file.h"
#include "render/orbit_camera.h"

namespace app {

// project (the document's) with scene's live parameter values, ui's view settings, the camera
// and the session (the previewed clip, its playhead, play state, speed and loop mode; or the
// graph).
project::Project current_project(const project::Project& project, const ViewerUi& ui,
                                 const ViewerScene& scene, const render::OrbitCamera& camera);

// Applies project's view settings (grid, mesh, shading, skinning, foot IK, warping, root
// motion) to ui and scene (handed to its instance; a refusal goes to ui.errors), each one
// whether or not it differs from its default, so nothing of the file open before stays. The
// panel layout (widths, collapsed panels, UI scale) is the user's, not the file's: it stays as
// it was (restore_session brings back a saved session's). A project that keeps LBS skinning (the
// default, which cannot tell it was chosen) shows default_skinning: the command line's choice.
void restore_view(const project::Project& project, visual::SkinningChoice default_skinning,
                  ViewerUi& ui, ViewerScene& scene);

// Applies project's session, when it has one: the clip previewed at its playhead (a clip no
// longer in the project leaves the scene as it is), play state, speed, loop mode, the viewer's
// slow motion, the camera and the panel layout. Returns whether there was a session. Without one,
// what the scene's open and start_file_session (app/file_session.h) left stays: the first clip or
// the graph, playing at 1x, looping, in real time, the camera at its default angles.
bool restore_session(const project::Project& project, ViewerUi& ui, ViewerScene& scene,
                     render::OrbitCamera& camera);

// The part of a project that the unsaved-changes marker compares, as JSON text: everything but
// the session, the camera, the live parameter values and the motion-matching coverage, which
// change by just watching.
std::string authored_json(project::Project project);

}  // namespace app
