#pragma once
// How a view splits into two halves side by side that share one camera (the viewport's
// comparisons): the halves in whole pixels and each half's view-projection.

#include <array>

#include <glm/glm.hpp>

#include "render/pixel_rect.h"

namespace render {

// The left and right halves of whole (splitting side by side does not depend on its y axis): the
// left one floor(width / 2) pixels wide, the right one
// the rest, so together they cover whole exactly.
std::array<PixelRect, 2> split_side_by_side(const PixelRect& whole);

// The view-projection for a half of a view: the same camera with the half's aspect ratio.
// The camera's projections are symmetric and their x extent grows with the aspect ratio, so
// narrowing the view from whole_width to half_width pixels scales clip-space x by
// whole_width / half_width and changes nothing else.
glm::mat4 half_view_projection(const glm::mat4& whole_view_projection, int whole_width,
                               int half_width);

}  // namespace render
