#include "render/gpu_timer.h"

#include <glad/gl.h>

namespace render {

GpuTimer::~GpuTimer() {
  if (queries_[0]) glDeleteQueries(kQueries, queries_.data());
}

void GpuTimer::begin() {
  if (timing_) return;
  if (!queries_[0]) glCreateQueries(GL_TIME_ELAPSED, kQueries, queries_.data());
  // Every query still in flight means the GPU is kQueries frames behind: wait for them rather
  // than reuse a query the GPU has not answered.
  if (pending_[next_]) collect(true);
  glBeginQuery(GL_TIME_ELAPSED, queries_[next_]);
  timing_ = true;
}

void GpuTimer::end() {
  if (!timing_) return;
  glEndQuery(GL_TIME_ELAPSED);
  timing_ = false;
  pending_[next_] = true;
  next_ = (next_ + 1) % kQueries;
  collect(false);
}

void GpuTimer::wait() {
  collect(true);
}

void GpuTimer::collect(bool block) {
  // Queries finish in submission order, so results are read oldest first.
  while (pending_[oldest_]) {
    GLint available = GL_FALSE;
    if (!block) glGetQueryObjectiv(queries_[oldest_], GL_QUERY_RESULT_AVAILABLE, &available);
    if (!block && !available) return;
    GLuint64 elapsed_ns = 0;
    glGetQueryObjectui64v(queries_[oldest_], GL_QUERY_RESULT, &elapsed_ns);
    latest_ms_ = static_cast<double>(elapsed_ns) * 1e-6;
    pending_[oldest_] = false;
    oldest_ = (oldest_ + 1) % kQueries;
  }
}

}  // namespace render
