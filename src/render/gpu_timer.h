#pragma once
// GPU time of a span of GL commands (GL_TIME_ELAPSED queries), for the overlay's "GPU frame
// time" beside the CPU update time. Results are read a few frames late so that asking for them
// never stalls the pipeline.

#include <array>

namespace render {

class GpuTimer {
 public:
  GpuTimer() = default;
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;
  ~GpuTimer();

  // Starts timing the commands that follow. Creates the queries on first use (needs a current
  // context). Calls must alternate with end(); a begin() while timing is ignored.
  void begin();

  // Stops timing. Then collects, without waiting, every earlier measurement the GPU has
  // finished; latest_ms() returns the newest of them.
  void end();

  // Milliseconds of GPU time of the most recent finished begin()/end() span, or a negative
  // value while none has finished yet.
  double latest_ms() const { return latest_ms_; }

  // Waits for every pending measurement (tests, headless tools) and updates latest_ms().
  void wait();

 private:
  // Enough queries in flight for a GPU that runs up to this many frames behind the CPU.
  static constexpr int kQueries = 4;
  void collect(bool block);

  std::array<unsigned, kQueries> queries_{};
  std::array<bool, kQueries> pending_{};
  int next_ = 0;    // the query the next begin() uses
  int oldest_ = 0;  // the oldest pending query
  bool timing_ = false;
  double latest_ms_ = -1.0;
};

}  // namespace render
