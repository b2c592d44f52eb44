#pragma once
// Adding a clip file to the character that is open (File > Add clip file..., the Clips tab's
// button): the file loads on the AsyncLoader like any other (progress, Cancel), its clips bind
// to the character by joint name and join the clip browser, and the character, its project
// (blend spaces, state machine, parameters) and the timeline's playhead stay as they were.

#include <string>

#include "app/async_loader.h"
#include "app/document.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// The request that adds file's clips to scene's character with the given import settings;
// with retarget, the clips are retargeted onto the character's rig (ui.rig.rig, the project's
// corrections included, when ui is given) instead of bound by joint name.
AddClipsRequest add_clips_request(const std::string& file, const ViewerScene& scene,
                                  const importer::ImportSettings& settings, bool retarget = false,
                                  const ViewerUi* ui = nullptr);

// Takes the outcome of an AddClipsRequest for file into the scene: its clips join the character
// and the project (ViewerScene::add_clips), the clip browser lists them, file joins the
// document's files (so a reload keeps it), its undo history starts again, and ui.status says how
// many clips came. A failure
// (a clip made for another skeleton lists the joints the character lacks), a cancel, or no open
// character is listed in ui.errors under file; the scene is then unchanged. Warnings are listed
// too. A file refused as made for another skeleton is offered for retargeting
// (ui.clip_files.retarget_offer).
void accept_added_clips(LoadOutcome outcome, const std::string& file, Document& doc,
                        ViewerScene& scene, ViewerUi& ui);

}  // namespace app
