#pragma once
// The built-in procedural sky drawn behind the scene: the same sky the surfaces are lit by.

#include <string>

#include <glm/glm.hpp>

#include "render/scene_lighting.h"
#include "render/shader_program.h"

namespace render {

class SkyRenderer {
 public:
  SkyRenderer() = default;
  SkyRenderer(const SkyRenderer&) = delete;
  SkyRenderer& operator=(const SkyRenderer&) = delete;
  ~SkyRenderer();

  // Loads sky.vert/sky.frag; returns "" or the error naming the file and line.
  std::string init();

  // Fills the current viewport with the sky seen through view_projection (perspective), under
  // the lighting's environment intensity and exposure, where nothing was drawn yet: at the far
  // plane, depth-tested against the cleared depth (drawn after the opaque ground, the hidden sky
  // costs nothing on a software renderer). Writes no depth.
  void draw(const glm::mat4& view_projection, const SceneLighting& lighting) const;

 private:
  ShaderProgram program_;
  unsigned vertex_array_ = 0;  // empty: the grid comes from gl_VertexID
};

}  // namespace render
