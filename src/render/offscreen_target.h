#pragma once
// An offscreen framebuffer (RGBA8 colour and 24-bit depth) that the viewer draws the 3D scene
// into when it exports frames (the pictures then hold the scene alone, without the panels, at a
// size that need not match the window) or before a post pass (FXAA) reads it: the colour is a
// texture, linearly filtered and clamped at the edges.

#include <string>

namespace render {

class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  ~OffscreenTarget();

  // Binds the framebuffer for drawing and reading, (re)allocating it when width or height
  // changed. Needs a current GL 4.5 context. Returns "" or the cause (a size outside
  // [1, GL_MAX_RENDERBUFFER_SIZE and GL_MAX_TEXTURE_SIZE], an incomplete framebuffer); nothing
  // is bound on failure.
  std::string bind(int width, int height);
  // The same without binding it (for a copy: glBlitNamedFramebuffer).
  std::string allocate(int width, int height);

  // Binds the window's default framebuffer again.
  static void unbind();

  int width() const { return width_; }
  int height() const { return height_; }
  // The GL names of the framebuffer and of its colour texture (0 before a successful bind).
  unsigned framebuffer() const { return framebuffer_; }
  unsigned color_texture() const { return color_; }

 private:
  void release();

  unsigned framebuffer_ = 0;
  unsigned color_ = 0;  // texture
  unsigned depth_ = 0;  // renderbuffer
  int width_ = 0;
  int height_ = 0;
};

}  // namespace render
