#pragma once
// Where a rendered thing lies in a picture: the box of the pixels that differ from the
// background (the top-left corner's colour) by more than 30 in a channel, and their count.

#include <algorithm>
#include <cstddef>
#include <cstdlib>

namespace test {

struct Figure {
  int pixels = 0;
  int min_x = 1 << 30, min_y = 1 << 30, max_x = -1, max_y = -1;
};

// rgb: width x height pixels, 3 bytes each, rows top to bottom.
inline Figure figure_of(const unsigned char* rgb, int width, int height) {
  const auto at = [&](int x, int y) {
    return rgb + 3 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                      static_cast<std::size_t>(x));
  };
  Figure f;
  const unsigned char* background = at(0, 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const unsigned char* c = at(x, y);
      const int distance = std::max({std::abs(c[0] - background[0]), std::abs(c[1] - background[1]),
                                     std::abs(c[2] - background[2])});
      if (distance <= 30) continue;
      ++f.pixels;
      f.min_x = std::min(f.min_x, x);
      f.max_x = std::max(f.max_x, x);
      f.min_y = std::min(f.min_y, y);
      f.max_y = std::max(f.max_y, y);
    }
  }
  return f;
}

}  // namespace test
