#pragma once
// Edits of the post-process stack (issue 42) in the undo history: the Post-process panel's edits
// (entries added, removed, reordered, their settings, weight, solo, mute) bind the stack again
// and are recorded in the document's history (Document::record_edit) with the graph's edits, and a
// dragged target is recorded as it moves. A slider or a target dragged over many frames is one undo
// step: the records of one gesture (the left mouse button held) replace each other.

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// After an edit of doc.project().post_process: binds the stack again (a stack that cannot bind
// leaves its cause in ui.errors and the last good stack running) and records the project for
// undo; continues_gesture while the edit's mouse button is held.
void commit_post_process_edit(Document& doc, ViewerUi& ui, ViewerScene& scene,
                              bool continues_gesture);

// After a frame of a target drag (set_post_process_target, app/post_process_targets.h): records
// the project for undo, the whole drag as one step. The instance has the target already.
void record_target_drag(Document& doc);

}  // namespace app
