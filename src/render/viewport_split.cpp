#include "render/viewport_split.h"

namespace render {

std::array<PixelRect, 2> split_side_by_side(const PixelRect& whole) {
  const int left_width = whole.width / 2;
  return {PixelRect{whole.x, whole.y, left_width, whole.height},
          PixelRect{whole.x + left_width, whole.y, whole.width - left_width, whole.height}};
}

glm::mat4 half_view_projection(const glm::mat4& whole_view_projection, int whole_width,
                               int half_width) {
  if (whole_width <= 0 || half_width <= 0) return whole_view_projection;
  glm::mat4 scale_x(1.0f);
  scale_x[0][0] = static_cast<float>(whole_width) / static_cast<float>(half_width);
  return scale_x * whole_view_projection;
}

}  // namespace render
