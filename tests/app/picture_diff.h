#pragma once
// Pictures written by the real executable, read back and compared pixel by pixel, for the
// picture tests of tests/app.

#include <filesystem>
#include <vector>

namespace pictures {

// An RGB picture, rows from the top.
struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const {
    return &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
  }
};

// The PNG at path; an empty picture (0 x 0) when it cannot be read.
Picture load(const std::filesystem::path& path);

// Where two pictures differ: pixels whose colour differs by more than 6 in any channel (shading,
// not rounding), and their bounding box (in the first picture's coordinates).
struct Difference {
  int count = 0;
  int min_x = 1 << 30, min_y = 1 << 30, max_x = -1, max_y = -1;
};

// The lit mesh is light grey; the background, grid and UI are darker or coloured.
bool is_mesh(const unsigned char* rgb);
// How many pixels of p are mesh.
int mesh_pixels(const Picture& p);

// Compares two pictures of the same size, whole.
Difference compare(const Picture& a, const Picture& b);

// Compares the width x height block of a whose top-left corner is (ax, ay) with the block of b
// at (bx, by). The blocks must lie inside both pictures.
Difference compare_region(const Picture& a, int ax, int ay, const Picture& b, int bx, int by,
                          int width, int height);

}  // namespace pictures
