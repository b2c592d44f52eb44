#pragma once
// Draws the viewer's scene: the ground (grid or terrain), the skinned character with the chosen
// method and colouring, the skeleton overlay, bone axes, foot-IK debug, the root-motion trail and
// the joints' motion trails.

#include <deque>
#include <optional>
#include <span>
#include <string>

#include <glm/glm.hpp>

#include "anim/state_history.h"
#include "anim/terrain.h"
#include "render/background_cache.h"
#include "render/character_gpu.h"
#include "render/crowd_palettes.h"
#include "render/frame_view.h"
#include "render/gpu_mesh.h"
#include "render/ground_grid.h"
#include "render/line_renderer.h"
#include "render/shadow_map.h"
#include "render/skinned_bounds.h"
#include "render/skinned_mesh_renderer.h"
#include "render/skinning_palette_buffer.h"
#include "render/sky_renderer.h"

namespace render {

class SceneRenderer {
 public:
  // Loads the shaders; returns "" or the error naming the shader file and line.
  std::string init();

  // Uploads a newly opened character's meshes and textures. Returns the warnings (a mesh or a
  // texture that could not be uploaded), each naming the file.
  const std::vector<std::string>& set_character(const CharacterSource& character);

  // Uploads the character's palettes for this frame (both methods, so switching is free) and
  // remembers the root's path and the foot plants for the trail (they fade over dt_s steps).
  // With frame.crowd the palettes are the crowd's. With frame.clip_b in a clip comparison, clip
  // B's palettes go to a second buffer.
  void upload(const FrameView& frame, float dt_s);
  // After upload: shows frame (index into history, which has a pose there) instead of the
  // character's live pose until the next upload: its palettes skin the mesh, its model pose
  // draws the skeleton (the transition timeline's scrubbing). history must outlive the draw.
  void show_recorded(const anim::StateHistory& history, int frame);

  // Draws everything for one frame into the current GL viewport, seen by frame.view_projection.
  // Returns "" or why the character was not drawn. With a comparison on (frame.view.compare), the
  // viewport is split side by side (viewport_split.h), both halves seen by the same camera: on
  // the left the scene as usual
  // but skinned by LBS (skinning) or as it is (clips); on the right the same pose skinned by
  // dual quaternions, or clip B, drawn where the character stands. A thin divider separates
  // them.
  std::string draw(const FrameView& frame);

  // Keeps the view's background between frames where the framebuffer allows
  // (background_cache.h): for a caller that draws the same view again and again, the viewer.
  // The viewport must start each draw cleared to the clear colour and depth.
  void keep_background(bool keep) {
    keep_background_ = keep;
    if (!keep) background_.forget();
  }
  // Whether the last draw copied its background back instead of drawing it.
  bool background_reused() const { return background_reused_; }
  // The last draw as a picture over a kept background, when it was one and everything drawn
  // over it could be bounded; else nullopt.
  std::optional<KeptFrame> kept_frame() const;

  const render::SkinningPaletteBuffer& palette() const { return palette_; }
  // Forget the trail (after a reset of the world transform).
  void clear_trail() { trail_.clear(); }

 private:
  // Which picture draw_view makes: the whole view, or one half of a comparison.
  enum class ViewPart { Whole, Left, Right };
  std::string draw_view(const FrameView& frame, const glm::mat4& view_projection, ViewPart part);
  // The shadow map, then the ground, the sky and the grid under the character: drawn, or with
  // keep_background, the kept background and the shadow's rectangle drawn over it.
  void draw_surroundings(const FrameView& frame, const anim::Terrain& terrain,
                         const glm::mat4& view_projection,
                         const render::SkinningPaletteBuffer& palette, bool crowd, bool clip_b,
                         ViewPart part);
  // The ground (around root), the sky and the grid, lit by lighting.
  void draw_background(const FrameView& frame, const anim::Terrain& terrain, const glm::vec3& root,
                       const glm::mat4& view_projection, const render::SceneLighting& lighting);
  float ground_radius_m() const;
  // Adds drawn (nullopt: pixels unknown) to this draw's foreground over a kept background.
  void note_foreground(const std::optional<PixelRect>& drawn);
  // The current viewport's pixels the pending lines, or box, may cover (pixel_bounds).
  std::optional<PixelRect> lines_pixels(const glm::mat4& view_projection) const;
  std::optional<PixelRect> box_pixels(const Box& box, const glm::mat4& view_projection) const;
  // The applied root motion's trail and where the feet planted, fading.
  void draw_root_trail(const glm::mat4& view_projection);
  // What is drawn over the mesh of instance p: skeleton, debug shapes, onion skin, joints.
  void add_overlays(const FrameView& frame, const anim::CharacterInstance& p,
                    const glm::mat4& world, bool clip_b);
  void draw_ground(const anim::Terrain& terrain, const glm::vec3& center,
                   const glm::mat4& view_projection, const FrameView& frame);
  // The key light's shadow map of the character's meshes this frame, or none.
  // caster: palette's model-space box (SkinnedBounds), or nullopt.
  void draw_shadow_map(const FrameView& frame, const render::SkinningPaletteBuffer& palette,
                       const std::optional<render::Box>& caster, bool crowd);
  // The character's meshes: opaque and cut-out ones first, then blended ones back to front,
  // morphed by morph_weights (the instance's, one per morph channel), or with crowd, each copy
  // by its own weights.
  std::string draw_character(const render::SkinningPaletteBuffer& palette,
                             const glm::mat4& view_projection, render::MeshDrawOptions options,
                             std::span<const float> morph_weights,
                             const anim::Crowd* crowd = nullptr);
  // Mesh i's morph weights of every copy of crowd, instance-major (as
  // MeshDrawOptions::morph_weights takes them), gathered in crowd_morph_weights_; empty when the
  // mesh has no targets.
  std::span<const float> crowd_morph_weights(std::size_t i, const anim::Crowd& crowd);
  void add_foot_debug(const anim::FootIkDebug& debug);
  void add_onion_skin(const FrameView& frame, const glm::mat4& world);
  // What inspects the joints: their motion trails and pose's bone axes, placed by world.
  void add_joint_inspection(const FrameView& frame, std::span<const glm::mat4> pose,
                            const glm::mat4& world);

  CharacterGpu character_;
  std::vector<int> mesh_materials_;   // each mesh's material index (SkinnedMesh::material)
  float character_radius_m_ = 1.0f;   // half the rest pose's diagonal
  glm::vec3 character_center_{0.0f};  // the rest pose's bounds centre, model space
  float bone_axis_length_m_ = 0.1f;   // render/bone_axes.h's, of the rest pose's bounds
  render::SkinnedMeshRenderer meshes_;
  render::SkyRenderer sky_;
  render::ShadowMap shadow_map_;
  // Where the character can be in the uploaded palettes (model space): bounds the ground its
  // shadow can fall on. nullopt where unknown (then the whole shadow map's square is looked up).
  render::SkinnedBounds skinned_bounds_;
  std::optional<render::Box> palette_box_;
  std::optional<render::Box> compare_box_;
  // The world box that casts into this frame's shadow map (nullopt: unknown, or no map).
  std::optional<render::Box> shadow_caster_;
  bool software_ = false;  // Mesa's llvmpipe or softpipe: the cheap path
  int shadow_map_size_ = 2048;
  int shadow_taps_ = 12;
  // The flat ground: a square rigidly bound to the terrain palette's identity joint.
  render::GpuMesh ground_mesh_;
  std::vector<std::size_t> blend_order_;
  std::vector<float> crowd_morph_weights_;
  render::SkinningPaletteBuffer palette_;
  std::span<const glm::mat4> recorded_model_pose_;  // show_recorded's, until the next upload
  render::SkinningPaletteBuffer compare_palette_;   // clip B's, in a clip comparison
  render::CrowdPalettes crowd_;
  std::string crowd_error_;
  render::LineRenderer lines_;
  render::GroundGrid grid_;
  render::BackgroundCache background_;
  bool keep_background_ = false;
  bool background_reused_ = false;
  // This draw's background is the kept copy, but for foreground_ (nullopt: unknown).
  bool background_kept_ = false;
  std::optional<PixelRect> foreground_;
  // The terrain is drawn as a mesh rigidly bound to one identity joint.
  render::GpuMesh terrain_mesh_;
  render::SkinningPaletteBuffer terrain_palette_;
  anim::Terrain terrain_built_;
  glm::vec2 terrain_center_{1e9f};
  struct TrailPoint {
    glm::vec3 position;
    float age_s;
  };
  std::deque<TrailPoint> trail_;
  std::deque<TrailPoint> plants_;
  bool foot_down_[anim::kMaxFootIkLegs] = {};  // per leg, for the plant markers
};

}  // namespace render
