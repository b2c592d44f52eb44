// KHR_texture_transform: the coordinate matrix computed by hand, the Khronos
// TextureTransformTest sample (Debian's assimp-testmodels) read with each material's offset,
// rotation and scale, the extension reported as read, a texCoord override warned about, and the
// transforms written back by the glTF writer and read again unchanged.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "demo/demo_export.h"
#include "import/character.h"
#include "support/import_test_util.h"
#include "support/temp_files.h"

namespace {

namespace fs = std::filesystem;

const visual::Material* find(const importer::Character& c, const std::string& name) {
  for (const visual::Material& m : c.materials) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

TEST(TextureTransform, TheMatrixScalesThenRotatesThenOffsets) {
  // (1, 0) scaled by (2, 3) is (2, 0); rotated a quarter turn by the extension's matrix
  // [[c, s], [-s, c]] it is (0, -2); offset by (0.1, 0.2) it is (0.1, -1.8). (0, 1): (0, 3),
  // then (3, 0), then (3.1, 0.2).
  const glm::mat3 m = visual::uv_matrix({{0.1f, 0.2f}, 1.5707963f, {2.0f, 3.0f}});
  const glm::vec3 u = m * glm::vec3(1.0f, 0.0f, 1.0f);
  const glm::vec3 v = m * glm::vec3(0.0f, 1.0f, 1.0f);
  EXPECT_NEAR(u.x, 0.1f, 1e-6f);
  EXPECT_NEAR(u.y, -1.8f, 1e-6f);
  EXPECT_NEAR(v.x, 3.1f, 1e-6f);
  EXPECT_NEAR(v.y, 0.2f, 1e-6f);
  EXPECT_EQ(visual::uv_matrix({}), glm::mat3(1.0f));
}

TEST(TextureTransform, TheKhronosSampleIsReadWithEachMaterialsTransform) {
  const fs::path file = test::assimp_model("glTF2/textureTransform/TextureTransformTest.gltf");
  SKIP_IF_ABSENT(file);
  const importer::Character c = test::import_ok(file);
  const std::vector<std::string>& read = c.report.extensions_read;
  EXPECT_NE(std::find(read.begin(), read.end(), "KHR_texture_transform"), read.end());
  EXPECT_TRUE(c.report.extensions_ignored.empty());
  // The sample's values, as its JSON gives them.
  const std::map<std::string, visual::TextureTransform> expected = {
      {"Offset U", {{0.5f, 0.0f}, 0.0f, {1.0f, 1.0f}}},
      {"Offset V", {{0.0f, 0.5f}, 0.0f, {1.0f, 1.0f}}},
      {"Offset UV", {{0.5f, 0.5f}, 0.0f, {1.0f, 1.0f}}},
      {"Rotation", {{0.0f, 0.0f}, 0.39269908f, {1.0f, 1.0f}}},
      {"Scale", {{0.0f, 0.0f}, 0.0f, {1.5f, 1.5f}}},
      {"All", {{-0.2f, -0.1f}, 0.3f, {1.5f, 1.5f}}},
      {"Correct", {}}};
  for (const auto& [name, t] : expected) {
    const visual::Material* m = find(c, name);
    ASSERT_NE(m, nullptr) << name;
    const visual::TextureTransform& got = m->base_color_texture.transform;
    EXPECT_EQ(got.offset, t.offset) << name;
    EXPECT_FLOAT_EQ(got.rotation, t.rotation) << name;
    EXPECT_EQ(got.scale, t.scale) << name;
  }
}

TEST(TextureTransform, ASecondUvSetIsWarnedAboutAndTheWriterKeepsTheTransforms) {
  const fs::path folder = test::assimp_model("glTF2/textureTransform");
  SKIP_IF_ABSENT(folder);
  const fs::path dir = test::make_temp_dir();
  for (const auto& entry : fs::directory_iterator(folder)) {
    fs::copy_file(entry.path(), dir / entry.path().filename());
  }
  nlohmann::json gltf;
  std::ifstream(dir / "TextureTransformTest.gltf") >> gltf;
  gltf["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["extensions"]
      ["KHR_texture_transform"]["texCoord"] = 1;
  std::ofstream(dir / "second_uv.gltf") << gltf.dump();
  const importer::Character c = test::import_ok(dir / "second_uv.gltf");
  int warned = 0;
  for (const std::string& w : c.report.warnings) {
    warned +=
        w.find("'Offset U': KHR_texture_transform names a second UV set") != std::string::npos;
  }
  EXPECT_EQ(warned, 1);

  ASSERT_EQ(demo::export_character_glb(c, (dir / "written.glb").string()), "");
  const importer::Character back = test::import_ok(dir / "written.glb");
  ASSERT_EQ(back.materials.size(), c.materials.size());
  for (std::size_t i = 0; i < c.materials.size(); ++i) {
    const visual::TextureTransform& a = c.materials[i].base_color_texture.transform;
    const visual::TextureTransform& b = back.materials[i].base_color_texture.transform;
    EXPECT_EQ(a.offset, b.offset) << c.materials[i].name;
    EXPECT_FLOAT_EQ(a.rotation, b.rotation) << c.materials[i].name;
    EXPECT_EQ(a.scale, b.scale) << c.materials[i].name;
  }
}

}  // namespace
