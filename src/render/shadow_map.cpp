#include "render/shadow_map.h"

#include <glad/gl.h>

#include <cmath>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "render/attachment_texture.h"

namespace render {

ShadowMap::~ShadowMap() {
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (texture_) glDeleteTextures(1, &texture_);
}

std::string ShadowMap::begin(const glm::vec3& center, float radius_m, const glm::vec3& direction,
                             int size) {
  if (size != size_ || texture_ == 0) {
    if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
    if (texture_) glDeleteTextures(1, &texture_);
    texture_ = create_attachment_texture(GL_DEPTH_COMPONENT24, size, size);
    // Comparison sampling with linear filtering: every lookup is a 2x2 percentage-closer one.
    glTextureParameteri(texture_, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTextureParameteri(texture_, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glCreateFramebuffers(1, &framebuffer_);
    glNamedFramebufferTexture(framebuffer_, GL_DEPTH_ATTACHMENT, texture_, 0);
    glNamedFramebufferDrawBuffer(framebuffer_, GL_NONE);
    glNamedFramebufferReadBuffer(framebuffer_, GL_NONE);
    size_ = size;
    if (glCheckNamedFramebufferStatus(framebuffer_, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      glDeleteFramebuffers(1, &framebuffer_);
      glDeleteTextures(1, &texture_);
      framebuffer_ = texture_ = 0;
      size_ = 0;
      return "shadow map: a " + std::to_string(size) + "x" + std::to_string(size) +
             " depth target is not supported";
    }
  }
  const glm::vec3 d = glm::normalize(direction);
  const glm::vec3 up = std::abs(d.y) > 0.99f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
  const glm::mat4 view = glm::lookAt(center + d * (2.0f * radius_m), center, up);
  const glm::mat4 projection =
      glm::ortho(-radius_m, radius_m, -radius_m, radius_m, 0.0f, 4.0f * radius_m);
  light_view_projection_ = projection * view;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_framebuffer_);
  glGetIntegerv(GL_VIEWPORT, previous_viewport_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, size_, size_);
  glClear(GL_DEPTH_BUFFER_BIT);
  return {};
}

void ShadowMap::end() {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<unsigned>(previous_framebuffer_));
  glViewport(previous_viewport_[0], previous_viewport_[1], previous_viewport_[2],
             previous_viewport_[3]);
}

void ShadowMap::bind(unsigned unit) const {
  glBindTextureUnit(unit, texture_);
}

}  // namespace render
