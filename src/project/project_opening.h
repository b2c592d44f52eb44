#pragma once
// Opening a character: a model file, a project file (read, its paths resolved against its
// folder), or the built-in demo, with further clip files bound to the character by joint name;
// and adding a clip file to an open character. Synchronous: the viewer runs it on a worker
// thread (app/async_loader.h), the command line and tests call it directly.

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/foot_ik.h"
#include "anim/rig.h"
#include "import/character.h"
#include "import/import_settings.h"
#include "project/project_file.h"

namespace project {

struct LoadRequest {
  // A model file, a project file (.json), or "<demo>"; further files are clip files bound to
  // the character by joint name.
  std::vector<std::string> files;
  importer::ImportSettings settings;
};

// A file that failed to load and why. message is one line for the command line and names
// the file itself; file says which one it is, whatever its text (a project's character and clip
// files are named as resolved against the project's folder), so the viewer files it under it.
struct LoadError {
  std::string file;
  std::string message;
};

struct LoadOutcome {
  bool ok = false;
  bool cancelled = false;
  importer::Character character;
  Project project;
  std::string project_path;               // when a project file was opened
  std::vector<std::string> clip_sources;  // the file each of character.clips came from
  std::vector<LoadError> errors;
  std::vector<std::string> warnings;
};

// Runs one request synchronously (the worker calls it; the command line and tests may too).
// progress receives [0, 1] and returns false to cancel. A clip whose name an earlier clip has
// is renamed "<name> (<file name>)" (Mixamo names every clip "mixamo.com"). Clip files that a
// project file does not list (files after a project) are added to its clip files and clips, so
// a reload keeps clips added in the viewer; the demo keeps its own project when clip files come
// with it.
LoadOutcome load_now(const LoadRequest& request, const std::function<bool(float)>& progress = {});

// A clip file to add to the character that is open (File > Add clip file...).
struct AddClipsRequest {
  std::string file;
  anim::Skeleton skeleton;               // the open character's: clips bind to it by joint name
  std::vector<std::string> taken_names;  // its clips' names; an added clip with one is renamed
  importer::ImportSettings settings;
  // Retarget the file's clips onto the character (a file made for another skeleton) instead of
  // binding them by joint name: the character's rig and its legs' sole points.
  bool retarget = false;
  anim::Rig rig;
  anim::FootIkRig legs;
};

// Imports the clips of request.file, bound to request.skeleton by joint name and named as
// load_now names them, into outcome.character.clips (nothing else of the character is set). A
// file made for another skeleton fails with an error that lists its unmatched joints.
LoadOutcome load_clips_now(const AddClipsRequest& request,
                           const std::function<bool(float)>& progress = {});

// Clips without foot-contact markers get detected ones (on the legs of character's rig with
// the project's corrections): the timeline shows them, and sync and foot locking use them.
void add_foot_contact_markers(const importer::Character& character, const ProjectRig& rig,
                              std::span<anim::Clip> clips);

}  // namespace project
