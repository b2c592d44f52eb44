#include "project/graph_history.h"

#include <utility>

namespace project {

GraphSnapshot graph_snapshot(const Project& project) {
  return {
      project.parameters, project.blend_spaces, project.state_machine, project.other_state_machines,
      project.layers,     project.clip_markers, project.retargets,     project.post_process};
}

void restore_graph(const GraphSnapshot& snapshot, Project& project) {
  anim::Parameters parameters = snapshot.parameters;
  for (int i = 0; i < parameters.count(); ++i) {
    const int live = project.parameters.find(parameters.at(i).name);
    if (live >= 0) parameters.set(i, project.parameters.get(live));
  }
  project.parameters = std::move(parameters);
  project.blend_spaces = snapshot.blend_spaces;
  project.state_machine = snapshot.state_machine;
  project.other_state_machines = snapshot.other_state_machines;
  project.layers = snapshot.layers;
  project.clip_markers = snapshot.clip_markers;
  project.post_process = snapshot.post_process;
  // Retargeted files come and go with their clips, not by undo: only their settings step back.
  for (ProjectRetarget& now : project.retargets) {
    for (const ProjectRetarget& then : snapshot.retargets) {
      if (then.file == now.file && then.clip == now.clip) now = then;
    }
  }
}

void GraphHistory::reset(const Project& project) {
  current_ = graph_snapshot(project);
  undo_.clear();
  redo_.clear();
  in_gesture_ = false;
}

void GraphHistory::record(const Project& project, bool continues_gesture) {
  if (!(continues_gesture && in_gesture_)) {
    undo_.push_back(std::move(current_));
    if (undo_.size() > max_steps_) undo_.erase(undo_.begin());
  }
  current_ = graph_snapshot(project);
  redo_.clear();
  in_gesture_ = continues_gesture;
}

bool GraphHistory::step(std::vector<GraphSnapshot>& from, std::vector<GraphSnapshot>& to,
                        Project& project) {
  if (from.empty()) return false;
  to.push_back(std::move(current_));
  current_ = std::move(from.back());
  from.pop_back();
  restore_graph(current_, project);
  in_gesture_ = false;
  return true;
}

bool GraphHistory::undo(Project& project) {
  return step(undo_, redo_, project);
}

bool GraphHistory::redo(Project& project) {
  return step(redo_, undo_, project);
}

}  // namespace project
