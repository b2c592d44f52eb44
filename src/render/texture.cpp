#include "render/texture.h"

#include <glad/gl.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>
#include <vector>

#include <stb_image.h>

namespace render {
namespace {

// Frees stb_image's pixels however the upload ends.
struct DecodedImage {
  stbi_uc* pixels = nullptr;
  int width = 0;
  int height = 0;
  ~DecodedImage() { stbi_image_free(pixels); }
};

std::string decode_failure(const std::string& name) {
  const char* reason = stbi_failure_reason();
  return name + ": cannot decode image: " + (reason ? reason : "unknown format");
}

}  // namespace

Texture2D::Texture2D(Texture2D&& other) noexcept
    : texture_(std::exchange(other.texture_, 0)),
      width_(std::exchange(other.width_, 0)),
      height_(std::exchange(other.height_, 0)) {}

Texture2D& Texture2D::operator=(Texture2D&& other) noexcept {
  if (this != &other) {
    if (texture_) glDeleteTextures(1, &texture_);
    texture_ = std::exchange(other.texture_, 0);
    width_ = std::exchange(other.width_, 0);
    height_ = std::exchange(other.height_, 0);
  }
  return *this;
}

Texture2D::~Texture2D() {
  if (texture_) glDeleteTextures(1, &texture_);
}

std::string Texture2D::load_file(const std::string& path, TextureEncoding encoding) {
  DecodedImage image;
  int channels = 0;
  image.pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  if (!image.pixels) return decode_failure(path);
  return load_rgba(image.pixels, image.width, image.height, path, encoding);
}

std::string Texture2D::load_encoded(std::span<const std::uint8_t> encoded, const std::string& name,
                                    TextureEncoding encoding) {
  if (encoded.empty()) return name + ": cannot decode image: no bytes";
  if (encoded.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    return name + ": cannot decode image: larger than 2 GB";
  }
  DecodedImage image;
  int channels = 0;
  image.pixels = stbi_load_from_memory(encoded.data(), static_cast<int>(encoded.size()),
                                       &image.width, &image.height, &channels, 4);
  if (!image.pixels) return decode_failure(name);
  return load_rgba(image.pixels, image.width, image.height, name, encoding);
}

std::string Texture2D::load_rgba(const std::uint8_t* pixels, int width, int height,
                                 const std::string& name, TextureEncoding encoding) {
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (!pixels || width <= 0 || height <= 0 || width > max_size || height > max_size) {
    return name + ": image size " + std::to_string(width) + "x" + std::to_string(height) +
           " is not supported (at most " + std::to_string(max_size) + " per side)";
  }
  const int levels = std::bit_width(static_cast<unsigned>(std::max(width, height)));
  GLuint texture = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &texture);
  glTextureStorage2D(texture, levels,
                     encoding == TextureEncoding::kSrgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, width,
                     height);
  glTextureSubImage2D(texture, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glGenerateTextureMipmap(texture);
  glTextureParameteri(texture, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTextureParameteri(texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(texture, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTextureParameteri(texture, GL_TEXTURE_WRAP_T, GL_REPEAT);
  if (texture_) glDeleteTextures(1, &texture_);
  texture_ = texture;
  width_ = width;
  height_ = height;
  return {};
}

std::string Texture2D::load_checker() {
  constexpr int kSize = 64;
  constexpr int kCell = kSize / 8;
  std::vector<std::uint8_t> pixels(kSize * kSize * 4);
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const bool odd = ((x / kCell) + (y / kCell)) % 2 == 1;
      std::uint8_t* p = &pixels[(y * kSize + x) * 4];
      p[0] = odd ? 230 : 90;
      p[1] = odd ? 40 : 90;
      p[2] = odd ? 200 : 90;
      p[3] = 255;
    }
  }
  return load_rgba(pixels.data(), kSize, kSize, "checker", TextureEncoding::kSrgb);
}

void Texture2D::bind(unsigned unit) const {
  glBindTextureUnit(unit, texture_);
}

}  // namespace render
