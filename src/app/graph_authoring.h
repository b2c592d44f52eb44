#pragma once
// The graph panel's authoring: the blend-space tab (the list of spaces and the editor of the
// chosen one) and undo/redo of every graph edit (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y). Each edit
// re-binds the graph (ViewerScene::rebind_graph: the character keeps playing; a layout that
// cannot play keeps the last good binding and its message is shown) and is recorded in
// the document's history (Document::record_edit).

#include "app/viewer_panels.h"
#include "app/viewer_scene.h"

namespace app {

// The "Blend space" tab.
void draw_blend_space_tab(Document& doc, ViewerUi& ui, ViewerScene& scene);

// After an edit of doc's project graph: re-binds it and records the edit for undo. A drag
// (the left mouse button held) records one step for the whole gesture. A graph that cannot
// play leaves its message in ui.graph.graph_error (shown over the graph panel's tabs) until an edit
// binds again.
void commit_graph_edit(Document& doc, ViewerUi& ui, ViewerScene& scene);

// Puts the previous (undo) or next recorded state of the graph history into the project and binds
// what the step changed again (the graph, the clips' markers, the post-process stack). False,
// with ui.status saying so, when there is none.
bool step_graph_history(Document& doc, ViewerUi& ui, ViewerScene& scene, bool undo);

// Ctrl+Z undoes the last graph edit, Ctrl+Shift+Z (or Ctrl+Y) redoes it, unless a text field has
// the keyboard. Call once per frame.
void handle_graph_undo_keys(Document& doc, ViewerUi& ui, ViewerScene& scene);

// The "Parameters" tab: create, rename, retype and remove the graph's parameters.
void draw_parameters_tab(Document& doc, ViewerUi& ui, ViewerScene& scene);

// The "State machine" tab: the machine picker (new, rename, duplicate, delete, make active) and
// the view of the active machine.
void draw_state_machine_tab(Document& doc, ViewerUi& ui, ViewerScene& scene);

}  // namespace app
