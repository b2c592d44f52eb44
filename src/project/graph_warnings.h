#pragma once
// Graph warnings: things a project's graph allows (it validates and plays) that are almost
// certainly mistakes, for the graph panel's warning list. Computed from the project's plain
// description, so the panel, a command-line check and the tests share one answer.

#include <string>
#include <vector>

#include "project/project_file.h"

namespace project {

enum class GraphWarningKind {
  UnreachableState,      // no chain of transitions leads to it from its machine's entry
  TransitionNeverFires,  // its conditions contradict each other, name a missing parameter, or
                         // wait for an exit time a stopped state never reaches
  LateExitTime,          // an exit time past a one-shot's end: the state holds its last frame
  OverlappingSamples,    // two samples of a blend space at the same place
};

struct GraphWarning {
  GraphWarningKind kind = GraphWarningKind::UnreachableState;
  // One line naming the machine (and nested state path), the state, transition or blend space,
  // and the cause, e.g. "ground: state 'fall' cannot be reached from the entry 'idle'".
  std::string message;
};

// Every warning of project's machines (the active one, its sub-machines, then the others) and
// blend spaces, in that order. Never fails: indices out of range are warned about, not followed.
std::vector<GraphWarning> graph_warnings(const Project& project);

}  // namespace project
