#include "render/sky_renderer.h"

#include <glad/gl.h>

namespace render {
namespace {

// shaders/sky.vert's grid: 32 x 18 quads of two triangles.
constexpr int kSkyVertices = 32 * 18 * 6;

}  // namespace

SkyRenderer::~SkyRenderer() {
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
}

std::string SkyRenderer::init() {
  if (std::string e = program_.load({"sky.vert", "sky.frag", {}, {}}); !e.empty()) return e;
  if (!vertex_array_) glCreateVertexArrays(1, &vertex_array_);
  return {};
}

void SkyRenderer::draw(const glm::mat4& view_projection, const SceneLighting& lighting) const {
  if (!program_.valid()) return;
  program_.use();
  program_.set("u_inverse_view_projection", glm::inverse(view_projection));
  program_.set("u_camera_position", eye_position(view_projection));
  program_.set("u_environment_intensity", lighting.environment_intensity);
  program_.set("u_exposure", lighting.exposure);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);  // at the far plane: passes where the depth is still the cleared 1
  glDepthMask(GL_FALSE);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLES, 0, kSkyVertices);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
}

}  // namespace render
