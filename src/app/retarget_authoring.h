#pragma once
// The viewer's side of retargeting (issue 21): accepting the offer records the file in the
// project's "retarget" section (project/project_retarget.h) instead of its clip files, so a reload
// retargets it again without asking; the Retarget panel's edits retarget that file's clips again
// in place (the character keeps playing at its playhead); and the side-by-side view poses the
// source skeleton on its own clip at the same time.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/retarget.h"
#include "anim/retarget_report.h"
#include "app/async_loader.h"
#include "app/viewer_panels.h"
#include "app/viewer_scene.h"
#include "import/character.h"

namespace app {

// The Quality table's report of one retargeted clip: report_retarget samples the whole clip, so
// it is made once per retargeting and clip shown, not per frame.
struct RetargetQualityReport {
  std::string clip;      // the character's name of the clip
  int retargeting = -1;  // the source's retargetings when it was made
  anim::RetargetReport report;
};

// What the viewer keeps for one of the project's retargeted files: the imported source (its
// skeleton and clips, read once) and the map of the last retargeting.
struct RetargetedSource {
  std::string path;  // the entry's file, resolved against the project's folder
  importer::Character source;
  anim::RetargetMap map;
  // Per retargeted clip in the character, the name it has there and its source clip's index.
  std::vector<std::string> clip_names;
  std::vector<int> source_clips;
  std::string error;               // why the source or the retargeting failed
  float character_width_m = 0.0f;  // the target's rest-pose width across (the view's spacing)
  // The entry as it was last retargeted (its JSON): an undo that changes it retargets again.
  std::string retargeted_as;
  int retargetings = 0;  // successful retargetings so far (a new map, clips or settings)
  RetargetQualityReport quality;
};

struct RetargetAuthoring {
  std::vector<RetargetedSource> sources;  // per project.retargets entry, filled on demand
  int generation = -1;                    // the document generation they belong to
  std::string status;                     // the panel's line: the last retargeting's time
  int reports_made = 0;                   // quality reports made (each samples a whole clip)
};

// Takes the outcome of retargeting file (the offer, accepted) into the scene as
// accept_added_clips does, then moves file from the project's clip files to a new entry of its
// retarget section (default options, as the offer retargets), and leaves it out of
// the document's files (a reload of the project retargets it from there), and dismisses the error
// that refused the file for another skeleton. The unsaved-changes marker comes on as for any
// project edit.
void accept_retargeted_clips(LoadOutcome outcome, const std::string& file, Document& doc,
                             ViewerScene& scene, ViewerUi& ui);

// Imports entry's source if needed and retargets its clips again with the entry as it is now,
// replacing the character's clips of that file (same names, same order) and binding those alone
// again (ViewerScene::rebind_clips: the character plays on in its state, where it was); the
// previewed clip, its playhead and play state stay. Returns "" or the cause naming the file.
std::string retarget_again(RetargetAuthoring& authoring, int entry, Document& doc,
                           ViewerScene& scene, ViewerUi& ui);

// Retargets again each entry whose settings changed since its last retargeting (an undo or a
// redo of a panel edit: the panel's edits are recorded in the document's history like graph edits).
// Waits while a widget is held (a slider retargets once it is let go).
void retarget_changed_entries(RetargetAuthoring& authoring, Document& doc, ViewerScene& scene,
                              ViewerUi& ui);

// The quality report of entry's clip shown: the previewed clip when it is one of the entry's,
// else the entry's first; made again only when that clip or the entry's retargeting changed.
// nullptr when the entry has no retargeted clip.
const RetargetQualityReport* quality_report(RetargetAuthoring& authoring, int entry,
                                            const ViewerScene& scene);

// Draws the Retarget panel when it is open (ui.retarget_panel) and applies its edits
// (retarget_again, recorded for undo); a click on a chain's worst moment previews the quality
// report's clip there, paused.
void run_retarget_panel(RetargetAuthoring& authoring, Document& doc, ViewerScene& scene,
                        ViewerUi& ui);

// The side-by-side view's source skeleton: when the panel asks for it and the previewed clip is
// one of the shown entry's, the source's model pose on its own clip at the playhead, and where it
// stands: scaled to the target's leg length (map.scale), turned to face as the character does,
// its pelvis beside the character's (sideways by about two character widths). Returns the source
// skeleton, or nullptr (nothing to show).
const anim::Skeleton* source_skeleton_pose(const RetargetAuthoring& authoring,
                                           const ViewerScene& scene, std::vector<glm::mat4>& model,
                                           glm::mat4& world_from_model);

}  // namespace app
