#include "render/fxaa.h"

#include <glad/gl.h>

namespace render {

Fxaa::~Fxaa() {
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
}

std::string Fxaa::init() {
  if (std::string e = program_.load({"fxaa.vert", "fxaa.frag", {}, {}}); !e.empty()) return e;
  if (!vertex_array_) glCreateVertexArrays(1, &vertex_array_);
  return {};
}

std::string Fxaa::begin(int width, int height) {
  if (std::string e = scene_.bind(width, height); !e.empty()) return "FXAA: " + e;
  glViewport(0, 0, width, height);
  return {};
}

void Fxaa::end(unsigned target, int x, int y) const {
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  if (!program_.valid() || scene_.color_texture() == 0) return;
  glViewport(x, y, scene_.width(), scene_.height());
  program_.use();
  glBindTextureUnit(0, scene_.color_texture());
  program_.set("u_image", 0);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace render
