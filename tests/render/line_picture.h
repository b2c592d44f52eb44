#pragma once
// Reading line pictures in the render tests: the brightest colour near where a point projects,
// so a test can say a line of that colour was drawn there (lines are a pixel or two wide, and
// rasterization may put them a pixel to either side).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <functional>

#include <glad/gl.h>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "render/frame_capture.h"
#include "render/line_renderer.h"
#include "render/offscreen_target.h"

namespace render::testing {

// The colour with the largest channel sum within a pixel of where the world point p projects in
// a size x size picture read by read_framebuffer (top row first).
inline glm::ivec3 brightest_near(const Image& image, int size, const glm::mat4& view,
                                 const glm::mat4& projection, const glm::vec3& p) {
  const glm::vec3 w = glm::project(p, view, projection, glm::vec4(0.0f, 0.0f, size, size));
  const int px = static_cast<int>(std::floor(w.x));
  const int py = size - 1 - static_cast<int>(std::floor(w.y));
  glm::ivec3 best(0);
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int x = std::clamp(px + dx, 0, size - 1), y = std::clamp(py + dy, 0, size - 1);
      const std::uint8_t* c = image.pixel(x, y);
      const glm::ivec3 rgb(c[0], c[1], c[2]);
      if (rgb.x + rgb.y + rgb.z > best.x + best.y + best.z) best = rgb;
    }
  }
  return best;
}

// A real-GL test of lines: what a test adds to the line renderer, drawn over black into a
// kSize-pixel square seen orthographically (x and y from -1 to 1 m about the point view_ looks at,
// 128 px a metre), read back for brightest_near.
class LinePictureTest : public GlTest {
 protected:
  static constexpr int kSize = 256;

  void SetUp() override {
    GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(lines_.init(), "");
  }

  Image draw_lines(const std::function<void(LineRenderer&)>& add) {
    EXPECT_EQ(target_.bind(kSize, kSize), "");
    glViewport(0, 0, kSize, kSize);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    add(lines_);
    lines_.draw(projection_ * view_, false);
    Image image = read_framebuffer(kSize, kSize);
    OffscreenTarget::unbind();
    return image;
  }

  // The brightest colour within a pixel of where the world point p projects.
  glm::ivec3 brightest_near(const Image& image, const glm::vec3& p) const {
    return testing::brightest_near(image, kSize, view_, projection_, p);
  }

  LineRenderer lines_;
  OffscreenTarget target_;
  glm::mat4 projection_ = glm::ortho(-1.0f, 1.0f, -1.0f, 1.0f, 0.1f, 10.0f);
  glm::mat4 view_ = glm::lookAt(glm::vec3(0.0f, 0.0f, 5.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0));
};

}  // namespace render::testing
