#pragma once
// A two-stage playblast pipeline: the caller renders frame N+1 on the GL thread while a worker
// thread encodes frame N, so an export takes about the longer of the two instead of their sum.

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "render/frame_capture.h"
#include "render/video_writer.h"

namespace render {

class BackgroundEncoder {
 public:
  // How many rendered frames may wait for the encoder: enough to smooth out uneven frames,
  // few enough to bound the memory (a 1080p frame is 8 MB).
  static constexpr std::size_t kMaxWaiting = 3;

  // Encodes into writer, which must be open and outlive this object.
  explicit BackgroundEncoder(VideoWriter& writer);
  BackgroundEncoder(const BackgroundEncoder&) = delete;
  BackgroundEncoder& operator=(const BackgroundEncoder&) = delete;
  // Stops the worker; frames still waiting are dropped (a cancel: the writer, unfinished,
  // then removes its file when destroyed).
  ~BackgroundEncoder();

  // Queues the next frame, waiting while kMaxWaiting frames wait. Returns "" or the first
  // error the encoder met (every later frame is then refused with it).
  std::string submit(Image image);

  // Waits until every queued frame is encoded, then finishes the writer. Returns "" or the
  // first error.
  std::string finish();

 private:
  void run();

  VideoWriter& writer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Image> waiting_;
  bool busy_ = false;  // the worker is encoding a frame taken from waiting_
  bool stopping_ = false;
  std::string error_;
  std::thread worker_;
};

}  // namespace render
