#include "render/texture.h"

#include <glad/gl.h>

#include <vector>

#include <stb_image_write.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "render/frame_capture.h"
#include "render/skinned_mesh_renderer.h"
#include "skinning_rigs.h"

namespace {

// A 2x2 image, top row red then green, bottom row blue then white, encoded as PNG in memory.
std::vector<std::uint8_t> four_colour_png() {
  const std::uint8_t pixels[16] = {255, 0, 0,   255, 0,   255, 0,   255,  // top row
                                   0,   0, 255, 255, 255, 255, 255, 255};
  std::vector<std::uint8_t> png;
  stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        out->insert(out->end(), bytes, bytes + size);
      },
      &png, 2, 2, 4, pixels, 8);
  return png;
}

class TextureTest : public GlTest {};

TEST_F(TextureTest, DecodesEncodedBytes) {
  render::Texture2D texture;
  ASSERT_EQ(texture.load_encoded(four_colour_png(), "embedded #0"), "");
  EXPECT_TRUE(texture.valid());
  EXPECT_EQ(texture.width(), 2);
  EXPECT_EQ(texture.height(), 2);
  std::uint8_t level0[16] = {};
  glGetTextureImage(texture.id(), 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(level0), level0);
  EXPECT_EQ(level0[0], 255);   // top-left red
  EXPECT_EQ(level0[5], 255);   // top-right green
  EXPECT_EQ(level0[10], 255);  // bottom-left blue
  EXPECT_EQ(level0[8], 0);
}

TEST_F(TextureTest, BadImagesNameTheSourceAndKeepThePreviousImage) {
  render::Texture2D texture;
  ASSERT_EQ(texture.load_encoded(four_colour_png(), "good"), "");
  const unsigned id = texture.id();
  const std::vector<std::uint8_t> garbage = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::string error = texture.load_encoded(garbage, "character.glb image 3");
  EXPECT_EQ(error.rfind("character.glb image 3: cannot decode image: ", 0), 0u) << error;
  EXPECT_EQ(texture.load_encoded({}, "empty"), "empty: cannot decode image: no bytes");
  const std::string missing = texture.load_file("/nonexistent/skin.png");
  EXPECT_EQ(missing.rfind("/nonexistent/skin.png: cannot decode image: ", 0), 0u) << missing;
  EXPECT_EQ(texture.id(), id);
  EXPECT_EQ(texture.width(), 2);
}

TEST_F(TextureTest, BaseColourTextureIsSampledWithGltfUvs) {
  // A square facing the camera, UV (0, 0) at its top-left corner as glTF has it.
  anim::SkinnedMesh quad;
  quad.positions = {{-1, 1, 0}, {1, 1, 0}, {1, -1, 0}, {-1, -1, 0}};
  quad.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  quad.normals.assign(4, {0, 0, 1});
  quad.joints0.assign(4, glm::uvec4(0));
  quad.weights0.assign(4, {1, 0, 0, 0});
  quad.indices = {0, 3, 2, 0, 2, 1};
  render::GpuMesh mesh;
  ASSERT_EQ(mesh.upload(quad, 1), "");
  render::SkinningPaletteBuffer palette;
  const glm::mat4 identity(1.0f);
  ASSERT_EQ(palette.upload_matrices({&identity, 1}, 1), "");
  render::Texture2D texture;
  ASSERT_EQ(texture.load_encoded(four_colour_png(), "four colours"), "");
  render::SkinnedMeshRenderer renderer;
  ASSERT_EQ(renderer.init(), "");
  renderer.set_light_direction({0, 0, 1});

  glViewport(0, 0, 256, 256);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  render::MeshDrawOptions options;
  options.material.base_color = glm::vec4(1.0f);
  options.material.base_color_texture = &texture;
  ASSERT_EQ(renderer.draw(mesh, palette, glm::ortho(-1.f, 1.f, -1.f, 1.f, -1.f, 1.f), options), "");
  const render::Image image = render::read_framebuffer(256, 256);
  // Texel centres (UV 0.25 and 0.75; top-first image rows), where bilinear filtering gives the
  // texel's own colour, lit.
  const auto dominant = [&](int x, int y) {
    const std::uint8_t* p = image.pixel(x, y);
    return p[0] > 2 * p[1] && p[0] > 2 * p[2]   ? 0
           : p[1] > 2 * p[0] && p[1] > 2 * p[2] ? 1
           : p[2] > 2 * p[0] && p[2] > 2 * p[1] ? 2
                                                : 3;
  };
  EXPECT_EQ(dominant(64, 64), 0);    // red, top-left
  EXPECT_EQ(dominant(192, 64), 1);   // green, top-right
  EXPECT_EQ(dominant(64, 192), 2);   // blue, bottom-left
  EXPECT_EQ(dominant(192, 192), 3);  // white, bottom-right
  EXPECT_GT(image.pixel(192, 192)[0], 200);
}

}  // namespace
