#include "render/offscreen_target.h"

#include <glad/gl.h>

#include <algorithm>

#include "render/attachment_texture.h"

namespace render {

OffscreenTarget::~OffscreenTarget() {
  release();
}

void OffscreenTarget::release() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (color_ != 0) glDeleteTextures(1, &color_);
  if (depth_ != 0) glDeleteRenderbuffers(1, &depth_);
  framebuffer_ = color_ = depth_ = 0;
  width_ = height_ = 0;
}

std::string OffscreenTarget::bind(int width, int height) {
  if (std::string e = allocate(width, height); !e.empty()) return e;
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  return {};
}

std::string OffscreenTarget::allocate(int width, int height) {
  GLint max_renderbuffer = 0, max_texture = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture);
  const GLint max_size = std::min(max_renderbuffer, max_texture);
  if (width < 1 || height < 1 || width > max_size || height > max_size) {
    return "offscreen size " + std::to_string(width) + "x" + std::to_string(height) +
           " is outside 1 to " + std::to_string(max_size) + " pixels";
  }
  if (framebuffer_ == 0 || width != width_ || height != height_) {
    release();
    glCreateFramebuffers(1, &framebuffer_);
    color_ = create_attachment_texture(GL_RGBA8, width, height);
    glCreateRenderbuffers(1, &depth_);
    glNamedRenderbufferStorage(depth_, GL_DEPTH_COMPONENT24, width, height);
    glNamedFramebufferTexture(framebuffer_, GL_COLOR_ATTACHMENT0, color_, 0);
    glNamedFramebufferRenderbuffer(framebuffer_, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
    const GLenum status = glCheckNamedFramebufferStatus(framebuffer_, GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      release();
      return "offscreen framebuffer is incomplete (status " + std::to_string(status) + ")";
    }
    width_ = width;
    height_ = height;
  }
  return {};
}

void OffscreenTarget::unbind() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace render
