#include "picture_diff.h"

#include <stb_image.h>

#include <algorithm>
#include <cstdlib>

namespace pictures {

Picture load(const std::filesystem::path& path) {
  Picture p;
  int channels = 0;
  if (unsigned char* data = stbi_load(path.c_str(), &p.width, &p.height, &channels, 3)) {
    p.rgb.assign(data, data + static_cast<std::size_t>(p.width) * p.height * 3);
    stbi_image_free(data);
  }
  return p;
}

Difference compare_region(const Picture& a, int ax, int ay, const Picture& b, int bx, int by,
                          int width, int height) {
  Difference d;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const unsigned char *p = a.at(ax + x, ay + y), *q = b.at(bx + x, by + y);
      if (std::abs(p[0] - q[0]) > 6 || std::abs(p[1] - q[1]) > 6 || std::abs(p[2] - q[2]) > 6) {
        ++d.count;
        d.min_x = std::min(d.min_x, ax + x), d.max_x = std::max(d.max_x, ax + x);
        d.min_y = std::min(d.min_y, ay + y), d.max_y = std::max(d.max_y, ay + y);
      }
    }
  }
  return d;
}

bool is_mesh(const unsigned char* c) {
  return c[0] > 150 && std::abs(c[0] - c[1]) < 16 && std::abs(c[1] - c[2]) < 24;
}

int mesh_pixels(const Picture& p) {
  int count = 0;
  for (std::size_t i = 0; i + 2 < p.rgb.size(); i += 3) count += is_mesh(&p.rgb[i]);
  return count;
}

Difference compare(const Picture& a, const Picture& b) {
  return compare_region(a, 0, 0, b, 0, 0, std::min(a.width, b.width), std::min(a.height, b.height));
}

}  // namespace pictures
