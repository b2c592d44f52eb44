#pragma once
// The 3D view's background (the ground, the sky and the grid, without the character's shadow)
// kept between frames: while the camera, the ground's place and the view's settings stand
// still, a frame copies it back instead of drawing it again (on a software renderer the grid,
// the ground and the sky cost about 40% of the lit view). The copy holds the colour and the
// depth the character is drawn against, so the picture is the same to the byte.
//
// It works with framebuffers like OffscreenTarget's (one sample, 24-bit depth without stencil,
// the formats a copy of the depth needs); with others it keeps nothing.

#include <cstdint>

#include <glm/glm.hpp>

#include "anim/terrain.h"
#include "render/offscreen_target.h"
#include "render/pixel_rect.h"

namespace render {

// Everything the background's pixels depend on besides the renderer's fixed state.
struct BackgroundKey {
  PixelRect viewport;
  glm::vec4 clear_color{0.0f};  // what the viewport was cleared to before the background
  float clear_depth = 1.0f;
  glm::mat4 view_projection{1.0f};
  glm::vec3 ground_center{0.0f};  // the ground patch follows the character's root
  float ground_radius_m = 0.0f;
  anim::Terrain terrain;
  int shading = 0;  // the ground's shading follows the view's
  bool show_ground = false;
  bool show_grid = false;
  friend bool operator==(const BackgroundKey&, const BackgroundKey&) = default;
};

// The key for the current GL viewport and clear values with the rest filled in by the caller.
BackgroundKey current_background_key();

// A picture drawn over a kept background: which copy (BackgroundCache::id) and the pixels drawn
// over it. Two pictures over the same copy differ only within their two foregrounds, so a pass
// over the picture (FXAA) need go again only there.
struct KeptFrame {
  std::uint64_t background_id = 0;
  PixelRect foreground;
  friend bool operator==(const KeptFrame&, const KeptFrame&) = default;
};

// What a frame does with its background.
enum class BackgroundPlan {
  Draw,          // the view moves: draw it as usual
  DrawAndStore,  // the view stood still for a frame: draw it without the shadow and keep it
  Restore,       // kept under the same key: copy it back
};

class BackgroundCache {
 public:
  // Whether the bound draw framebuffer can be copied to and from (see above).
  static bool can_keep_bound_framebuffer();

  // The plan for a frame with key; remembers it, so a view that stands still for two frames
  // is kept (one that moves every frame pays no copies).
  BackgroundPlan plan(const BackgroundKey& key);
  // Copies the kept background over the bound draw framebuffer's key.viewport (after plan
  // said Restore).
  void restore(const BackgroundKey& key);
  // Keeps a copy of the bound draw framebuffer's key.viewport (its background, just drawn);
  // returns whether it could (the copy's framebuffer allocated).
  bool store(const BackgroundKey& key);
  void forget() { valid_ = false; }
  // The kept copy's number: a new one for every store.
  std::uint64_t id() const { return id_; }

 private:
  OffscreenTarget copy_;
  BackgroundKey key_;       // of the kept copy
  BackgroundKey last_key_;  // the previous frame's
  bool valid_ = false;
  std::uint64_t id_ = 0;
};

}  // namespace render
