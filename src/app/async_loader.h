#pragma once
// Loads a character (and clip files, or a project) on a worker thread, so a large file does not
// freeze the viewer; assimp's progress drives a progress bar and the user can cancel.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "project/project_opening.h"

namespace app {

// Opening is the project layer's (project/project_opening.h); the viewer runs it on a worker
// thread.
using project::AddClipsRequest;
using project::load_clips_now;
using project::load_now;
using project::LoadError;
using project::LoadOutcome;
using project::LoadRequest;

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
