#pragma once
// A depth texture seen from a directional light, for the key light's shadows: the caller draws
// shadow casters between begin() and end() and the surface shader compares against it.

#include <string>

#include <glm/glm.hpp>

namespace render {

class ShadowMap {
 public:
  ShadowMap() = default;
  ShadowMap(const ShadowMap&) = delete;
  ShadowMap& operator=(const ShadowMap&) = delete;
  ~ShadowMap();

  // Starts the depth pass: an orthographic light view along -direction (towards the light:
  // direction) that holds the sphere of radius_m around center, a size x size depth texture
  // (re)made as needed, cleared, bound with its viewport. The framebuffer and viewport bound
  // before are restored by end(). Returns "" or why the depth target could not be made.
  std::string begin(const glm::vec3& center, float radius_m, const glm::vec3& direction, int size);
  void end();

  // World space to the light's clip space, as the last begin() set it.
  const glm::mat4& light_view_projection() const { return light_view_projection_; }
  // One texel in texture coordinates.
  float texel() const { return size_ > 0 ? 1.0f / static_cast<float>(size_) : 0.0f; }
  bool valid() const { return texture_ != 0; }
  void bind(unsigned unit) const;

 private:
  unsigned texture_ = 0;
  unsigned framebuffer_ = 0;
  int size_ = 0;
  glm::mat4 light_view_projection_{1.0f};
  int previous_framebuffer_ = 0;
  int previous_viewport_[4] = {0, 0, 0, 0};
};

}  // namespace render
