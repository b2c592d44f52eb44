#include "render/background_encoder.h"

#include <utility>

namespace render {

BackgroundEncoder::BackgroundEncoder(VideoWriter& writer)
    : writer_(writer), worker_([this] { run(); }) {}

BackgroundEncoder::~BackgroundEncoder() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

std::string BackgroundEncoder::submit(Image image) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !error_.empty() || waiting_.size() < kMaxWaiting; });
  if (!error_.empty()) return error_;
  waiting_.push_back(std::move(image));
  changed_.notify_all();
  return {};
}

std::string BackgroundEncoder::finish() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !error_.empty() || (waiting_.empty() && !busy_); });
    if (!error_.empty()) return error_;
  }
  // The worker is idle with nothing queued: the writer is the caller's again.
  return writer_.finish();
}

void BackgroundEncoder::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
    if (stopping_) return;
    Image image = std::move(waiting_.front());
    waiting_.pop_front();
    busy_ = true;
    lock.unlock();
    changed_.notify_all();  // room in the queue
    std::string error = writer_.write_frame(image);
    lock.lock();
    busy_ = false;
    if (!error.empty() && error_.empty()) error_ = std::move(error);
    changed_.notify_all();
    if (!error_.empty()) return;
  }
}

}  // namespace render
