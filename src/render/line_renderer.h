#pragma once
// Immediate-style coloured lines: add segments during a frame, draw them once, clear.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "render/shader_program.h"

namespace render {

class LineRenderer {
 public:
  LineRenderer() = default;
  LineRenderer(const LineRenderer&) = delete;
  LineRenderer& operator=(const LineRenderer&) = delete;
  ~LineRenderer();

  // Creates the buffers and loads shaders/lines.*; returns an error message or "".
  std::string init();

  void add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color);

  // The ends of the segments added since the last draw (where they will be drawn).
  std::size_t point_count() const { return vertices_.size(); }
  const glm::vec3& point(std::size_t i) const { return vertices_[i].position; }

  // Draws what was added with depth testing, then forgets it.
  void draw(const glm::mat4& view_projection, bool depth_test = true);

 private:
  struct Vertex {
    glm::vec3 position;
    glm::vec4 color;
  };
  std::vector<Vertex> vertices_;
  ShaderProgram program_;
  unsigned vao_ = 0;
  unsigned vbo_ = 0;
};

}  // namespace render
