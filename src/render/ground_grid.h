#pragma once
// The ground grid: lines that follow the camera and fade out with distance, so the ground looks
// endless (a character walking with root motion never leaves it), with a spacing that suits the
// camera's height (5 cm for a mouse, 5 m for a giant), laid on the terrain (slopes, stairs,
// rough ground) so a foot's contact can be judged at a glance.

#include <vector>

#include <glm/glm.hpp>

#include "anim/terrain.h"

namespace render {

class LineRenderer;

struct GridSegment {
  glm::vec3 a, b;
  glm::vec4 color;  // alpha fades towards the grid's edge
};

// Lines every spacing_m (a power of ten times 0.5, chosen from height_m: 0.5 m seen from about
// 2 m) over a square reaching 20 spacings from focus_xz, snapped to the world grid so lines stay
// put as the camera moves; every fifth line brighter, the world's x and z axes tinted. Each line
// follows the terrain's height (lifted a little against z-fighting). Replaces out's contents.
void build_ground_grid(const anim::Terrain& terrain, glm::vec2 focus_xz, float height_m,
                       std::vector<GridSegment>& out);

// The spacing build_ground_grid uses for a camera height_m above the ground.
float grid_spacing(float height_m);

// Where the grid centres and how high the camera is, from the view: the point of the ground the
// view's centre looks at (or below the eye when it looks above the horizon), and the eye's (or an
// orthographic view's centre's) height above ground_y_m.
void grid_focus(const glm::mat4& view_projection, float ground_y_m, glm::vec2& focus_xz,
                float& height_m);

// Adds the grid for this view to lines.
void add_ground_grid(LineRenderer& lines, const anim::Terrain& terrain,
                     const glm::mat4& view_projection);

}  // namespace render
