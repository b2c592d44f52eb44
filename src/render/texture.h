#pragma once
// A 2D colour texture decoded with stb_image from a file or from encoded bytes (PNG, JPEG, ...),
// so materials can carry base colour maps whether the model file embeds them or points at them.

#include <cstdint>
#include <span>
#include <string>

namespace render {

// How texel values are stored: colour images (base colour, emissive) are sRGB-encoded and are
// decoded to linear by the sampler; data images (normals, metallic-roughness, occlusion) are not.
enum class TextureEncoding { kLinear, kSrgb };

class Texture2D {
 public:
  Texture2D() = default;
  Texture2D(const Texture2D&) = delete;
  Texture2D& operator=(const Texture2D&) = delete;
  Texture2D(Texture2D&& other) noexcept;
  Texture2D& operator=(Texture2D&& other) noexcept;
  ~Texture2D();

  // Decodes the image file at path as RGBA8, uploads it with mipmaps and keeps
  // it. Returns "" on success, otherwise a message naming the path and stb_image's cause; the
  // previous image (if any) is kept on failure.
  std::string load_file(const std::string& path,
                        TextureEncoding encoding = TextureEncoding::kLinear);

  // The same for an image held in memory (e.g. embedded in a glTF/GLB or FBX file). name is only
  // used in the error message so the user learns which texture failed.
  std::string load_encoded(std::span<const std::uint8_t> encoded, const std::string& name,
                           TextureEncoding encoding = TextureEncoding::kLinear);

  // Uploads already decoded RGBA8 pixels, top row first, as glTF's UV convention expects
  // (UV (0, 0) is the image's top-left corner): row 0 goes to texture row 0, which the sampler
  // reads at v = 0. pixels must hold width * height * 4 bytes.
  std::string load_rgba(const std::uint8_t* pixels, int width, int height, const std::string& name,
                        TextureEncoding encoding = TextureEncoding::kLinear);

  // An 8x8 magenta and grey checkerboard (sRGB) that stands in for a texture that could not be
  // loaded, so the gap is visible instead of silently plain.
  std::string load_checker();

  // Binds the texture to a texture unit for sampling.
  void bind(unsigned unit) const;

  unsigned id() const { return texture_; }
  bool valid() const { return texture_ != 0; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  unsigned texture_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace render
