#include "app/async_loader.h"

#include <utility>

namespace app {

AsyncLoader::~AsyncLoader() {
  cancel();
  join();
}

void AsyncLoader::join() {
  if (worker_.joinable()) worker_.join();
}

void AsyncLoader::start(LoadRequest request) {
  std::string what = request.files.empty() ? std::string() : request.files.front();
  run(std::move(what), [request = std::move(request)](const std::function<bool(float)>& progress) {
    return load_now(request, progress);
  });
}

void AsyncLoader::start_adding_clips(AddClipsRequest request) {
  std::string what = "adding the clips of " + request.file;
  run(std::move(what), [request = std::move(request)](const std::function<bool(float)>& progress) {
    return load_clips_now(request, progress);
  });
}

void AsyncLoader::run(std::string what, Job job) {
  cancel();
  join();
  cancel_.store(false);
  done_.store(false);
  progress_.store(0.0f);
  busy_.store(true);
  what_ = std::move(what);
  worker_ = std::thread([this, job = std::move(job)] {
    outcome_ = job([this](float fraction) {
      progress_.store(fraction);
      return !cancel_.load();
    });
    done_.store(true);
    busy_.store(false);
  });
}

std::optional<LoadOutcome> AsyncLoader::poll() {
  if (!done_.load()) return std::nullopt;
  join();
  done_.store(false);
  return std::move(outcome_);
}

}  // namespace app
