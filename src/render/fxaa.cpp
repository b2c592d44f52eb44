#include "render/fxaa.h"

#include <glad/gl.h>

namespace render {
namespace {

bool has_depth_buffer(unsigned framebuffer) {
  GLint type = GL_NONE;
  glGetNamedFramebufferAttachmentParameteriv(framebuffer,
                                             framebuffer == 0 ? GL_DEPTH : GL_DEPTH_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
  return type != GL_NONE;
}

}  // namespace

Fxaa::~Fxaa() {
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
}

std::string Fxaa::init() {
  if (std::string e = one_pass_.load({"fxaa.vert", "fxaa.frag", {}, {}}); !e.empty()) return e;
  if (std::string e = edge_test_.load({"fxaa.vert", "fxaa.frag", {}, {"EDGE_TEST"}}); !e.empty()) {
    return e;
  }
  if (std::string e = edge_blend_.load({"fxaa.vert", "fxaa.frag", {}, {"EDGE_BLEND"}});
      !e.empty()) {
    return e;
  }
  if (!vertex_array_) glCreateVertexArrays(1, &vertex_array_);
  return {};
}

std::string Fxaa::begin(int width, int height) {
  if (std::string e = scene_.bind(width, height); !e.empty()) return "FXAA: " + e;
  glViewport(0, 0, width, height);
  return {};
}

void Fxaa::draw(const ShaderProgram& program) const {
  program.use();
  program.set("u_image", 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

void Fxaa::end(unsigned target, int x, int y) const {
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  if (!one_pass_.valid() || scene_.color_texture() == 0) return;
  glViewport(x, y, scene_.width(), scene_.height());
  glBindTextureUnit(0, scene_.color_texture());
  glDisable(GL_BLEND);
  glBindVertexArray(vertex_array_);
  if (has_depth_buffer(target)) {
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_ALWAYS);
    draw(edge_test_);
    glDepthFunc(GL_GREATER);  // the edges' 0 under the triangle's far plane, which replaces it
    draw(edge_blend_);
    glDepthFunc(GL_LESS);
  } else {
    glDisable(GL_DEPTH_TEST);
    draw(one_pass_);
    glEnable(GL_DEPTH_TEST);
  }
  glBindVertexArray(0);
}

}  // namespace render
