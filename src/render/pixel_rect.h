#pragma once
// A rectangle of whole pixels, and what the renderers ask of two of them. Its y axis is the
// caller's (GL's viewport and scissor count rows from the bottom, ImGui from the top).

#include <array>

namespace render {

struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
  bool empty() const { return width <= 0 || height <= 0; }
  friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// The pixels in both a and b; empty (zero width or height) when none.
PixelRect intersection(const PixelRect& a, const PixelRect& b);

// Whether a and b share a pixel.
bool overlap(const PixelRect& a, const PixelRect& b);

// The smallest rectangle holding the pixels of both (an empty one adds nothing).
PixelRect bounding(const PixelRect& a, const PixelRect& b);

// r with margin_px more pixels on every side (nothing when it is empty).
PixelRect grown(const PixelRect& r, int margin_px);

// The pixels of r outside hole, as four rectangles that do not overlap (some of them empty): the
// rows below and above the hole, then the columns beside it. All of r when they do not overlap.
std::array<PixelRect, 4> outside(const PixelRect& r, const PixelRect& hole);

}  // namespace render
