#include "render/fxaa.h"

#include <glad/gl.h>

#include "render/pixel_rect.h"

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

void Fxaa::run(bool depth_buffer) const {
  glBindTextureUnit(0, scene_.color_texture());
  glDisable(GL_BLEND);
  glBindVertexArray(vertex_array_);
  if (depth_buffer) {
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

void Fxaa::end(unsigned target, int x, int y) const {
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  if (!one_pass_.valid() || scene_.color_texture() == 0) return;
  glViewport(x, y, scene_.width(), scene_.height());
  run(has_depth_buffer(target));
}

PixelRect Fxaa::end_kept(unsigned target, int x, int y, const std::optional<KeptFrame>& frame,
                         bool target_kept) {
  const int width = scene_.width(), height = scene_.height();
  // The finished picture sits where the view sits in the target: the pass's interpolated
  // coordinates, and so its blends, round as they do there.
  const int finished_width = x + width, finished_height = y + height;
  if (finished_.width() != finished_width || finished_.height() != finished_height) {
    finished_frame_.reset();
  }
  if (!one_pass_.valid() || scene_.color_texture() == 0 ||
      !finished_.allocate(finished_width, finished_height).empty()) {
    finished_frame_.reset();
    copied_to_.reset();
    end(target, x, y);
    return {x, y, width, height};
  }
  const PixelRect view{x, y, width, height};
  const bool target_holds_picture = target_kept && copied_to_ == std::pair(target, view);
  // A finished pixel reads the scene up to 5 pixels away: its neighbours and the blend's taps
  // (kMaxSpan / 2 along the edge, bilinear).
  constexpr int kReach_px = 6;
  PixelRect again = view;
  if (frame && finished_frame_ && frame->background_id == finished_frame_->background_id) {
    const PixelRect changed = bounding(frame->foreground, finished_frame_->foreground);
    again = intersection(
        grown({x + changed.x, y + changed.y, changed.width, changed.height}, kReach_px), view);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, finished_.framebuffer());
  glViewport(x, y, width, height);
  if (!again.empty()) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(again.x, again.y, again.width, again.height);
    run(true);
    glDisable(GL_SCISSOR_TEST);
  }
  finished_frame_ = frame;
  const PixelRect copied = target_holds_picture ? again : view;
  copied_to_ = std::pair(target, view);
  if (!copied.empty()) {
    const int x1 = copied.x + copied.width, y1 = copied.y + copied.height;
    glBlitNamedFramebuffer(finished_.framebuffer(), target, copied.x, copied.y, x1, y1, copied.x,
                           copied.y, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  // The target's depth under the view at the far plane, and the state, as end leaves them.
  glBindTextureUnit(0, scene_.color_texture());
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  if (!target_holds_picture && has_depth_buffer(target)) {
    GLfloat clear_depth = 1.0f;
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clear_depth);
    glEnable(GL_SCISSOR_TEST);
    glScissor(x, y, width, height);
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glClearDepth(clear_depth);
  }
  return copied;
}

}  // namespace render
