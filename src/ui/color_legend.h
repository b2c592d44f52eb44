#pragma once
// The key to a false-colour view of the mesh: a gradient bar with millimetres for the LBS-vs-DQ
// difference, a swatch per count for influences per vertex. The colours are shaders/mesh.frag's
// (influence_color, difference_color); change both together.

#include <glm/glm.hpp>

#include "visual/view_settings.h"

namespace ui {

// shaders/mesh.frag's influence_color: 0 (unweighted) grey, 1 blue ... 8 red.
glm::vec3 influence_legend_color(int count);
// shaders/mesh.frag's difference_color at t = distance / full scale, clamped to [0, 1].
glm::vec3 difference_legend_color(float t);

// Draws the legend for coloring in the viewport's bottom-left corner (x, bottom_y in window
// pixels), nothing for visual::MeshColoring::Material. full_scale_m: the distance drawn in full
// red. Returns whether a legend was drawn.
bool draw_color_legend(visual::MeshColoring coloring, float full_scale_m, float x, float bottom_y);

}  // namespace ui
