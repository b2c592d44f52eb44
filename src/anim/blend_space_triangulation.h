#pragma once
// Delaunay triangulation of blend-space samples, built once per edit of the sample set.

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

// Triangles as indices into the sample positions (counter-clockwise), and the boundary of
// their union as edges (each used by exactly one triangle). When the samples do not span an
// area (fewer than three, or all on one line) there are no triangles and the boundary is the
// chain of segments joining the samples in order along their line, so weights can still be
// clamped onto it.
struct BlendTriangulation {
  std::vector<std::array<int, 3>> triangles;
  std::vector<std::array<int, 2>> boundary;
};

// Bowyer-Watson: inserts the samples one by one into a triangle large enough to hold them all,
// re-triangulating the cavity of triangles whose circumcircle contains the new sample. The
// positions must be pairwise distinct (blend_space_2d's validate checks that).
BlendTriangulation triangulate_delaunay(std::span<const glm::vec2> positions);

}  // namespace anim
