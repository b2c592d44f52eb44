#pragma once
// Undo and redo for graph edits (blend spaces, state machine, layers, parameters, the
// post-process stack and its targets): snapshots of
// the project's graph description, which is small (names, positions, conditions), so a snapshot
// per edit costs little and every kind of edit is undoable without per-edit inverse code.

#include <cstddef>
#include <vector>

#include "project/project_file.h"

namespace project {

// The parts of a project that graph edits change.
struct GraphSnapshot {
  anim::Parameters parameters;
  std::vector<ProjectBlendSpace> blend_spaces;
  anim::StateMachine state_machine;
  std::vector<anim::StateMachine> other_state_machines;
  std::vector<ProjectLayer> layers;
  std::vector<ProjectClipMarkers> clip_markers;  // the timeline's marker edits
  std::vector<ProjectRetarget> retargets;        // the Retarget panel's settings
  std::vector<ProjectPostProcess> post_process;  // the stack, its settings and targets
};

GraphSnapshot graph_snapshot(const Project& project);

// Puts snapshot's graph into project. Parameters come back as they were defined (names, types,
// order), each keeping the live value it has in project when its name still exists, so an undo
// does not move the blend-space point or the machine's inputs.
void restore_graph(const GraphSnapshot& snapshot, Project& project);

// The undo and redo stacks of one open project. The caller records the project after each edit;
// consecutive records of one gesture (a drag reports an edit every frame) make one step.
class GraphHistory {
 public:
  explicit GraphHistory(std::size_t max_steps = 200) : max_steps_(max_steps) {}

  // Forgets every step: project is the state undo returns to at most (after a load).
  void reset(const Project& project);

  // Records project as edited. With continues_gesture, and when the previous record was one
  // too, it replaces that record (one undo step for a whole drag); end_gesture() ends one.
  // Clears the redo stack.
  void record(const Project& project, bool continues_gesture = false);
  void end_gesture() { in_gesture_ = false; }

  // Puts the previous (next) recorded state into project; false when there is none.
  bool undo(Project& project);
  bool redo(Project& project);

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

 private:
  // Moves the newest state of from into project, the current one onto to.
  bool step(std::vector<GraphSnapshot>& from, std::vector<GraphSnapshot>& to, Project& project);

  std::size_t max_steps_;
  GraphSnapshot current_;
  std::vector<GraphSnapshot> undo_;
  std::vector<GraphSnapshot> redo_;
  bool in_gesture_ = false;
};

}  // namespace project
