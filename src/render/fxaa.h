#pragma once
// Fast approximate antialiasing (FXAA) as a post pass: the scene is drawn into a texture, then
// copied to the screen with its high-contrast edges smoothed along their direction. For software
// renderers, where multisampling costs most of a frame: one cheap pass over the finished
// picture instead of four samples per pixel for every draw. Into a target with a depth buffer
// the pass is split in two: a copy that marks the edge pixels in the depth buffer, then the
// blend, depth-tested to run on those alone (a software renderer, which runs both sides of a
// branch for every pixel, skips the shader where the early depth test fails). The same pixels
// as one pass.

#include <optional>
#include <string>
#include <utility>

#include "render/background_cache.h"
#include "render/offscreen_target.h"
#include "render/pixel_rect.h"
#include "render/shader_program.h"

namespace render {

class Fxaa {
 public:
  Fxaa() = default;
  Fxaa(const Fxaa&) = delete;
  Fxaa& operator=(const Fxaa&) = delete;
  ~Fxaa();

  // Loads shaders/fxaa.*; returns "" or the error naming the file and line.
  std::string init();

  // Binds an offscreen colour texture and depth buffer of width x height for drawing the scene
  // (the viewport covers it; nothing is cleared), reallocating when the size changed. Returns ""
  // or the cause (OffscreenTarget::bind's), and then nothing is bound: the caller draws straight
  // to its framebuffer instead.
  std::string begin(int width, int height);

  // Draws what was drawn since begin, antialiased, into framebuffer target (0: the window's) at
  // the viewport (x, y) of begin's size (GL's pixels, from the bottom left), replacing what is
  // there; the target's depth buffer, when it has one, is left at the far plane (1) there.
  // Leaves target bound.
  void end(unsigned target, int x, int y) const;

  // The same pixels as end, for a caller that draws the scene over a kept background
  // (SceneRenderer::kept_frame; nullopt: not so): the finished picture is kept, and where this
  // frame and the one finished before it lie over the same background, only their foregrounds
  // (grown by the pass's reach) are antialiased again; the rest is copied. With target_kept (the
  // target still holds what the last end_kept left there, at the same place; its caller has drawn
  // only colour over it since), only where the picture changed is copied, and the depth there is
  // already at the far plane. Returns the pixels of the target it wrote.
  PixelRect end_kept(unsigned target, int x, int y, const std::optional<KeptFrame>& frame,
                     bool target_kept = false);

  // The framebuffer end_kept's finished picture is in, at the target's coordinates: where the
  // target's view was not written, the picture is there.
  unsigned picture() const { return finished_.framebuffer(); }

 private:
  void draw(const ShaderProgram& program) const;
  // Antialiases the scene into the bound framebuffer at the current viewport, in two passes
  // where it has a depth buffer.
  void run(bool depth_buffer) const;

  ShaderProgram one_pass_;     // into a target without a depth buffer
  ShaderProgram edge_test_;    // the copy that marks edges in the depth buffer
  ShaderProgram edge_blend_;   // the blend where edge_test_ marked
  unsigned vertex_array_ = 0;  // empty: the triangle comes from gl_VertexID
  OffscreenTarget scene_;
  OffscreenTarget finished_;                 // end_kept's picture
  std::optional<KeptFrame> finished_frame_;  // what it shows, when over a kept background
  // The target and view the last end_kept copied its picture to (nullopt: it drew there itself).
  std::optional<std::pair<unsigned, PixelRect>> copied_to_;
};

}  // namespace render
