#include "render/pixel_rect.h"

#include <algorithm>

namespace render {

PixelRect intersection(const PixelRect& a, const PixelRect& b) {
  const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const int x1 = std::max(std::min(a.x + a.width, b.x + b.width), x0);
  const int y1 = std::max(std::min(a.y + a.height, b.y + b.height), y0);
  return {x0, y0, x1 - x0, y1 - y0};
}

bool overlap(const PixelRect& a, const PixelRect& b) {
  return !intersection(a, b).empty();
}

PixelRect bounding(const PixelRect& a, const PixelRect& b) {
  if (a.empty()) return b.empty() ? PixelRect{} : b;
  if (b.empty()) return a;
  const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  const int x1 = std::max(a.x + a.width, b.x + b.width);
  const int y1 = std::max(a.y + a.height, b.y + b.height);
  return {x0, y0, x1 - x0, y1 - y0};
}

PixelRect grown(const PixelRect& r, int margin_px) {
  if (r.empty()) return {};
  return {r.x - margin_px, r.y - margin_px, r.width + 2 * margin_px, r.height + 2 * margin_px};
}

std::array<PixelRect, 4> outside(const PixelRect& r, const PixelRect& hole) {
  const PixelRect h = intersection(r, hole);
  if (h.empty()) return {r, PixelRect{}, PixelRect{}, PixelRect{}};
  const int right = r.x + r.width, top = r.y + r.height;
  return {PixelRect{r.x, r.y, r.width, h.y - r.y},
          PixelRect{r.x, h.y + h.height, r.width, top - (h.y + h.height)},
          PixelRect{r.x, h.y, h.x - r.x, h.height},
          PixelRect{h.x + h.width, h.y, right - (h.x + h.width), h.height}};
}

}  // namespace render
