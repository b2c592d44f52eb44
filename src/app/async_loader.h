#pragma once
// Loads a character (and clip files, or a project) on a worker thread, so a large file does not
// freeze the viewer; assimp's progress drives a progress bar and the user can cancel.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "anim/foot_ik.h"
#include "anim/rig.h"
#include "asset/character.h"
#include "asset/import_settings.h"
#include "asset/project_file.h"

namespace app {

struct LoadRequest {
  // A model file, a project file (.json), or "<demo>"; further files are clip files bound to
  // the character by joint name.
  std::vector<std::string> files;
  asset::ImportSettings settings;
};

struct LoadOutcome {
  bool ok = false;
  bool cancelled = false;
  asset::Character character;
  asset::Project project;
  std::string project_path;               // when a project file was opened
  std::vector<std::string> clip_sources;  // the file each of character.clips came from
  std::vector<std::string> errors;        // each names the file and the cause
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
  asset::ImportSettings settings;
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

class AsyncLoader {
 public:
  AsyncLoader() = default;
  AsyncLoader(const AsyncLoader&) = delete;
  AsyncLoader& operator=(const AsyncLoader&) = delete;
  ~AsyncLoader();

  // Starts loading; a load already running is cancelled first.
  void start(LoadRequest request);
  // Starts adding clip files (load_clips_now); a load already running is cancelled first.
  void start_adding_clips(AddClipsRequest request);
  bool busy() const { return busy_.load(); }
  float progress() const { return progress_.load(); }
  const std::string& what() const { return what_; }
  void cancel() { cancel_.store(true); }

  // The outcome once the worker has finished (returned once), else nothing.
  std::optional<LoadOutcome> poll();

 private:
  using Job = std::function<LoadOutcome(const std::function<bool(float)>& progress)>;
  // Runs job on the worker thread, described as what (a file name) in the progress window.
  void run(std::string what, Job job);
  void join();

  std::thread worker_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> done_{false};
  std::atomic<bool> cancel_{false};
  std::atomic<float> progress_{0.0f};
  std::string what_;
  LoadOutcome outcome_;
};

}  // namespace app
