#include "render/background_cache.h"

#include <glad/gl.h>

namespace render {
namespace {

GLuint bound_draw_framebuffer() {
  GLint framebuffer = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  return static_cast<GLuint>(framebuffer);
}

// Copies colour and depth; a scissor would cut the copy, so it is off meanwhile.
void copy(GLuint from, const PixelRect& from_rect, GLuint to, const PixelRect& to_rect) {
  const GLboolean scissor_was_on = glIsEnabled(GL_SCISSOR_TEST);
  if (scissor_was_on) glDisable(GL_SCISSOR_TEST);
  glBlitNamedFramebuffer(from, to, from_rect.x, from_rect.y, from_rect.x + from_rect.width,
                         from_rect.y + from_rect.height, to_rect.x, to_rect.y,
                         to_rect.x + to_rect.width, to_rect.y + to_rect.height,
                         GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  if (scissor_was_on) glEnable(GL_SCISSOR_TEST);
}

}  // namespace

BackgroundKey current_background_key() {
  BackgroundKey key;
  GLint v[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, v);
  key.viewport = {v[0], v[1], v[2], v[3]};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, &key.clear_color.x);
  glGetFloatv(GL_DEPTH_CLEAR_VALUE, &key.clear_depth);
  return key;
}

bool BackgroundCache::can_keep_bound_framebuffer() {
  const GLuint framebuffer = bound_draw_framebuffer();
  if (framebuffer == 0) return false;  // the window's formats are the platform's choice
  GLint samples = 0, depth_bits = 0, stencil_bits = 0;
  glGetNamedFramebufferParameteriv(framebuffer, GL_SAMPLES, &samples);
  glGetNamedFramebufferAttachmentParameteriv(framebuffer, GL_DEPTH_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &depth_bits);
  glGetNamedFramebufferAttachmentParameteriv(framebuffer, GL_DEPTH_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &stencil_bits);
  return samples == 0 && depth_bits == 24 && stencil_bits == 0;
}

BackgroundPlan BackgroundCache::plan(const BackgroundKey& key) {
  const bool still = key == last_key_;
  last_key_ = key;
  if (valid_ && key == key_) return BackgroundPlan::Restore;
  return still ? BackgroundPlan::DrawAndStore : BackgroundPlan::Draw;
}

void BackgroundCache::restore(const BackgroundKey& key) {
  const PixelRect whole{0, 0, copy_.width(), copy_.height()};
  copy(copy_.framebuffer(), whole, bound_draw_framebuffer(), key.viewport);
}

bool BackgroundCache::store(const BackgroundKey& key) {
  valid_ = false;
  ++id_;
  if (key.viewport.empty() || !copy_.allocate(key.viewport.width, key.viewport.height).empty()) {
    return false;
  }
  const PixelRect whole{0, 0, key.viewport.width, key.viewport.height};
  copy(bound_draw_framebuffer(), key.viewport, copy_.framebuffer(), whole);
  key_ = key;
  valid_ = true;
  return true;
}

}  // namespace render
