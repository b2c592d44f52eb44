#pragma once
// Reading line pictures in the render tests: the brightest colour near where a point projects,
// so a test can say a line of that colour was drawn there (lines are a pixel or two wide, and
// rasterization may put them a pixel to either side).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "render/frame_capture.h"

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

}  // namespace render::testing
