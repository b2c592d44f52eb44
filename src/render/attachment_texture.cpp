#include "render/attachment_texture.h"

#include <glad/gl.h>

namespace render {

unsigned create_attachment_texture(unsigned internal_format, int width, int height) {
  GLuint texture = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &texture);
  glTextureStorage2D(texture, 1, internal_format, width, height);
  // Linear: the reading pass samples between texels (FXAA's taps, the shadow's 2x2 comparison).
  glTextureParameteri(texture, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTextureParameteri(texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(texture, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(texture, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return texture;
}

}  // namespace render
