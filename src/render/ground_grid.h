#pragma once
// The ground grid: lines that follow the camera and fade out with distance, so the ground looks
// endless (a character walking with root motion never leaves it), with a spacing that suits the
// camera's height (5 cm for a mouse, 5 m for a giant), drawn on the terrain's own surface
// (slopes, stairs, rough ground) so a foot's contact can be judged at a glance.
//
// The lines are computed per pixel in shaders/grid.frag from the surface's world x and z, with
// screen-space derivatives for antialiasing: the same crisp, unbroken lines on every shape (CPU
// line segments looked dashed on stairs), at no cost per line.

#include <string>

#include <glm/glm.hpp>

#include "anim/terrain.h"
#include "render/shader_program.h"

namespace render {

// The spacing of the grid's lines for a camera height_m above the ground: a power of ten times
// 0.5 (0.5 m seen from about 2 m).
float grid_spacing(float height_m);

// Where the grid centres and how high the camera is, from the view: the point of the ground the
// view's centre looks at (or below the eye when it looks above the horizon), and the eye's (or an
// orthographic view's centre's) height above ground_y_m.
void grid_focus(const glm::mat4& view_projection, float ground_y_m, glm::vec2& focus_xz,
                float& height_m);

// The grid for one view: lines every spacing_m (every fifth brighter, the world's x and z axes
// tinted), fading to nothing kGridReachSpacings spacings from focus_xz.
struct GridLayout {
  glm::vec2 focus_xz{0.0f};
  float spacing_m = 0.5f;
  float reach_m = 15.0f;
};
inline constexpr float kGridReachSpacings = 30.0f;

// The layout for this view over the terrain (its height at the origin is the ground's).
GridLayout grid_layout(const anim::Terrain& terrain, const glm::mat4& view_projection);

// Whether no face of the terrain is steep enough for grid.frag to fade a family of lines on it
// (|normal.x| or |normal.z| above 0.9): flat ground and slopes whose normal stays under 0.85
// there (the margin covers the per-pixel normal's rounding). The grid then draws them with a
// cheaper shader, to the same pixels.
bool grid_faces_are_gentle(const anim::Terrain& terrain);

class GroundGrid {
 public:
  GroundGrid() = default;
  GroundGrid(const GroundGrid&) = delete;
  GroundGrid& operator=(const GroundGrid&) = delete;
  ~GroundGrid();

  // Loads shaders/grid.*; returns "" or the error naming the file and line.
  std::string init();

  // Draws the grid of grid_layout(terrain, view_projection) on the terrain's surface into the
  // current viewport: blended over what is there, depth-tested against it (a ground drawn
  // first hides the grid behind a hill or a step, and the grid wins against the ground's own
  // depth), writing depth so a character drawn after it stands on it.
  void draw(const anim::Terrain& terrain, const glm::mat4& view_projection);

 private:
  // Rebuilds the surface the grid is drawn on when the terrain or the covered square changed.
  void build_surface(const anim::Terrain& terrain, glm::vec2 center_xz, float half_extent_m);

  ShaderProgram program_;         // any surface
  ShaderProgram gentle_program_;  // grid_faces_are_gentle's (GENTLE_FACES)
  unsigned vao_ = 0;
  unsigned vbo_ = 0;
  unsigned ebo_ = 0;
  int index_count_ = 0;
  anim::Terrain built_terrain_;
  glm::vec2 built_center_{1e30f};
  float built_half_extent_m_ = 0.0f;
};

}  // namespace render
