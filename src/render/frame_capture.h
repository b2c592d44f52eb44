#pragma once
// Reads back the default framebuffer and writes it as a PNG or JPEG (screenshots, headless
// frames, contact sheets).

#include <cstdint>
#include <string>
#include <vector>

namespace render {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // top row first

  const std::uint8_t* pixel(int x, int y) const { return &rgba[(y * width + x) * 4]; }
};

// Reads the current read framebuffer (width x height) into an image, flipped to top-first.
Image read_framebuffer(int width, int height);

// Writes the image as PNG; returns an error message naming the path, or "".
std::string write_png(const Image& image, const std::string& path);

// Writes the image as JPEG at quality (1-100), a fifth of the PNG's size for a lit scene (the
// audit's contact sheets); returns an error message naming the path, or "".
std::string write_jpeg(const Image& image, const std::string& path, int quality);

}  // namespace render
