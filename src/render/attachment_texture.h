#pragma once
// A texture a pass renders into and a later pass reads (the offscreen colour target that FXAA
// reads, the shadow map the lit pass reads): one level, linear filtering, clamped at the edges,
// so both targets are made alike.

namespace render {

// Creates the texture with internal_format (GL_RGBA8, GL_DEPTH_COMPONENT24, ...) and returns its
// name; the caller owns it (glDeleteTextures).
unsigned create_attachment_texture(unsigned internal_format, int width, int height);

}  // namespace render
