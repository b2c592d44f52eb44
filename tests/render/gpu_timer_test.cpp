#include "render/gpu_timer.h"

#include <glad/gl.h>

#include "gl_fixture.h"

namespace {

class GpuTimerTest : public GlTest {};

TEST_F(GpuTimerTest, ReportsNothingUntilAMeasurementFinishes) {
  render::GpuTimer timer;
  EXPECT_LT(timer.latest_ms(), 0.0);
  timer.begin();
  EXPECT_LT(timer.latest_ms(), 0.0);
  glClear(GL_COLOR_BUFFER_BIT);
  timer.end();
  timer.wait();
  EXPECT_GE(timer.latest_ms(), 0.0);
}

TEST_F(GpuTimerTest, KeepsMeasuringWhenMoreFramesAreInFlightThanQueries) {
  render::GpuTimer timer;
  for (int frame = 0; frame < 10; ++frame) {
    timer.begin();
    timer.begin();  // ignored while timing
    glClear(GL_COLOR_BUFFER_BIT);
    timer.end();
    timer.end();  // ignored while not timing
  }
  timer.wait();
  EXPECT_GE(timer.latest_ms(), 0.0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
