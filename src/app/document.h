#pragma once
// The user's work, apart from how it is shown: the project being edited, the files it was opened
// from, the project file Save writes (none for a new project), what was last saved (the
// unsaved-changes marker) and the undo/redo history of its edits. The viewer holds one beside
// its scene (app/viewer.h): the authoring panels edit the project here, record the edit, and
// hand the project to the scene to bind and play (ViewerScene::rebind_graph and co.). The
// unsaved-changes marker compares the project (project_session.h's authored_json) with what was
// last saved. Panel state (selections, open dialogs) lives in the ui layer's panel states.

#include <filesystem>
#include <string>
#include <vector>

#include "project/graph_history.h"
#include "project/project_file.h"

namespace app {

// When each file was last written (a file that cannot be read counts as never).
std::vector<std::filesystem::file_time_type> modification_times(
    const std::vector<std::string>& files);

class Document {
 public:
  // A load of files has been taken in: project is what it opened, from project_path (a project
  // file), or "" when files are a model or the demo (a new project: Save asks where). Nothing of
  // the document before stays: the history starts again from project, the generation moves on,
  // and the project counts as saved once mark_saved is given its authored state.
  void open(const std::vector<std::string>& files, const std::string& project_path,
            project::Project project);

  // The project being edited. The authoring code edits it in place, then records the edit
  // (record_edit) and binds it again in the scene.
  const project::Project& project() const { return project_; }
  project::Project& project() { return project_; }

  // Counts the opens (a reload too): what a panel caches about the open project (its rows, its
  // selection) is stale once the generation it was made for is not this one.
  int generation() const { return generation_; }

  // Undo and redo of the project's edits (graph, markers, post-process stack, retargets).
  // record_edit records the project as just edited; with continues_gesture, consecutive records
  // make one step until end_gesture (a drag reports an edit every frame).
  void record_edit(bool continues_gesture = false) { history_.record(project_, continues_gesture); }
  void end_gesture() { history_.end_gesture(); }
  // The project's history starts again from its present state: edits before cannot be undone
  // (clips were added, which the history does not hold).
  void restart_history() { history_.reset(project_); }
  // Puts the previous (next) recorded state into the project; false when there is none.
  bool undo() { return history_.undo(project_); }
  bool redo() { return history_.redo(project_); }
  bool can_undo() const { return history_.can_undo(); }
  bool can_redo() const { return history_.can_redo(); }

  // authored: the project's authored state (project_session.h's authored_json) as it was just
  // loaded or saved; the project is dirty while its authored state differs.
  void mark_saved(std::string authored) { saved_ = std::move(authored); }
  bool dirty(const std::string& authored) const { return authored != saved_; }

  // The project was written to path: Save writes there, a reload opens it (and our own write is
  // not a change on disk to reload), and authored is what was saved. The project's relative
  // paths are now relative to path's folder.
  void saved_to(const std::string& path, std::string authored);

  // The document becomes a new project with unsaved work: no file to save to or reload (a
  // recovery copy opens like this).
  void make_untitled();

  // A clip file was added to the project (File > Add clip file...): a reload opens it too.
  void add_file(const std::string& file);
  // The last file added is not opened again by a reload (its clips were retargeted: the
  // project's retarget entry brings them).
  void forget_last_file();

  // Whether a file the document was opened from was written since it was opened or since
  // accept_disk_state (the demo never is).
  bool changed_on_disk() const;
  // The files as they now are on disk count as the ones opened: a reload of changed files that
  // the user cancelled is not asked for again for the same change.
  void accept_disk_state() { file_times_ = modification_times(files_); }

  // The files the document was opened from (then the clip files added), in order: what a reload
  // opens again.
  const std::vector<std::string>& files() const { return files_; }
  // Where Save writes: the project file opened or last saved; empty for a new project.
  const std::string& project_path() const { return project_path_; }
  // What the project's relative paths are relative to: project_path's folder, or "." (the
  // working folder) for a new project.
  const std::string& project_folder() const { return project_folder_; }

  // "walk.animview.json* - animview": the project's file name (or "untitled" before its first
  // save), "*" for unsaved changes.
  std::string window_title(bool unsaved) const;

 private:
  project::Project project_;
  project::GraphHistory history_;
  int generation_ = 0;
  std::vector<std::string> files_;
  std::vector<std::filesystem::file_time_type> file_times_;
  std::string project_path_;
  std::string project_folder_ = ".";
  std::string saved_;  // the authored state at the last load or save
};

}  // namespace app
