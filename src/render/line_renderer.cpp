#include "render/line_renderer.h"

#include <glad/gl.h>

#include <cmath>
#include <cstddef>

namespace render {

LineRenderer::~LineRenderer() {
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

std::string LineRenderer::init() {
  std::string error = program_.load({"lines.vert", "lines.frag", {}, {}});
  if (!error.empty()) return error;
  glCreateVertexArrays(1, &vao_);
  glCreateBuffers(1, &vbo_);
  glVertexArrayVertexBuffer(vao_, 0, vbo_, 0, sizeof(Vertex));
  glEnableVertexArrayAttrib(vao_, 0);
  glEnableVertexArrayAttrib(vao_, 1);
  glVertexArrayAttribFormat(vao_, 0, 3, GL_FLOAT, GL_FALSE, offsetof(Vertex, position));
  glVertexArrayAttribFormat(vao_, 1, 4, GL_FLOAT, GL_FALSE, offsetof(Vertex, color));
  glVertexArrayAttribBinding(vao_, 0, 0);
  glVertexArrayAttribBinding(vao_, 1, 0);
  return {};
}

void LineRenderer::add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color) {
  vertices_.push_back({a, color});
  vertices_.push_back({b, color});
}

void LineRenderer::draw(const glm::mat4& view_projection, bool depth_test) {
  if (vertices_.empty() || !program_.valid()) return;
  glNamedBufferData(vbo_, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)),
                    vertices_.data(), GL_STREAM_DRAW);
  if (depth_test) {
    glEnable(GL_DEPTH_TEST);
  } else {
    glDisable(GL_DEPTH_TEST);
  }
  // Faded lines (trails, onion-skin ghosts) carry their opacity in alpha.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  program_.use();
  program_.set("u_view_projection", view_projection);
  glBindVertexArray(vao_);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(vertices_.size()));
  glBindVertexArray(0);
  glDisable(GL_BLEND);
  vertices_.clear();
}

}  // namespace render
