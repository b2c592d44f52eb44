#include "render/frame_capture.h"

#include <glad/gl.h>

#include <cstring>

#include <stb_image_write.h>

namespace render {

Image read_framebuffer(int width, int height) {
  Image image;
  image.width = width;
  image.height = height;
  image.rgba.resize(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  // GL's rows start at the bottom; images start at the top.
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> swap(row);
  for (int y = 0; y < height / 2; ++y) {
    std::uint8_t* a = image.rgba.data() + y * row;
    std::uint8_t* b = image.rgba.data() + (height - 1 - y) * row;
    std::memcpy(swap.data(), a, row);
    std::memcpy(a, b, row);
    std::memcpy(b, swap.data(), row);
  }
  return image;
}

std::string write_png(const Image& image, const std::string& path) {
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(),
                      image.width * 4)) {
    return path + ": cannot write PNG";
  }
  return {};
}

std::string write_jpeg(const Image& image, const std::string& path, int quality) {
  if (!stbi_write_jpg(path.c_str(), image.width, image.height, 4, image.rgba.data(), quality)) {
    return path + ": cannot write JPEG";
  }
  return {};
}

}  // namespace render
