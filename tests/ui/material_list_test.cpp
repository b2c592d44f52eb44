#include "ui/material_list.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "headless_imgui.h"

namespace ui {
namespace {

namespace fs = std::filesystem;

// A character with a material of each kind of base colour image: a file that is there, one that
// is not, an embedded one and none.
class MaterialListTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("animview_materials_" + std::to_string(getpid()));
    fs::create_directories(folder_);
    std::ofstream((folder_ / "skin.png").string()) << "not decoded by the list";
    visual::Material on_disk;
    on_disk.name = "skin";
    on_disk.base_color = {0.5f, 0.0f, 1.0f, 1.0f};
    on_disk.base_color_texture.path = (folder_ / "skin.png").string();
    on_disk.normal_texture.path = (folder_ / "skin_normal.png").string();  // not there
    visual::Material missing;
    missing.name = "cloth";
    missing.base_color_texture.path = (folder_ / "sub" / "cloth.tga").string();
    visual::Material embedded;
    embedded.base_color_texture.encoded = {1, 2, 3};
    embedded.base_color = {0.0031308f, 0.2140f, 1.0f, 0.25f};
    visual::Material plain;
    plain.name = "metal";
    character_.materials = {on_disk, missing, embedded, plain};
  }
  void TearDown() override { fs::remove_all(folder_); }

  fs::path folder_;
  importer::Character character_;
};

TEST_F(MaterialListTest, NamesEachImageAndEachFileThatIsNotThere) {
  const std::vector<MaterialRow> rows = list_materials(character_);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].name, "skin");
  EXPECT_EQ(rows[0].image, "skin.png");
  EXPECT_EQ(rows[0].image_path, (folder_ / "skin.png").string());
  ASSERT_EQ(rows[0].missing.size(), 1u);
  EXPECT_EQ(rows[0].missing[0],
            "normal image not found: " + (folder_ / "skin_normal.png").string());
  EXPECT_EQ(rows[1].image, "cloth.tga");
  ASSERT_EQ(rows[1].missing.size(), 1u);
  EXPECT_EQ(rows[1].missing[0],
            "base colour image not found: " + (folder_ / "sub" / "cloth.tga").string());
  EXPECT_EQ(rows[2].name, "(unnamed)");
  EXPECT_EQ(rows[2].image, "embedded");
  EXPECT_TRUE(rows[2].image_path.empty());
  EXPECT_TRUE(rows[2].missing.empty());
  EXPECT_EQ(rows[3].image, "none");
  EXPECT_TRUE(rows[3].missing.empty());
}

// The swatch is the base colour as a screen shows it: linear 0.5 is sRGB 0.7354 (1.055 *
// 0.5^(1/2.4) - 0.055); at the linear segment's end 0.0031308 is 12.92 times that, 0.04045;
// linear 0.2140 is about sRGB 0.5. Alpha is not a colour and stays.
TEST_F(MaterialListTest, TheSwatchIsTheBaseColourInSrgb) {
  const std::vector<MaterialRow> rows = list_materials(character_);
  EXPECT_NEAR(rows[0].swatch.x, 0.7354f, 1e-4f);
  EXPECT_FLOAT_EQ(rows[0].swatch.y, 0.0f);
  EXPECT_FLOAT_EQ(rows[0].swatch.z, 1.0f);
  EXPECT_NEAR(rows[2].swatch.x, 0.04045f, 1e-5f);
  EXPECT_NEAR(rows[2].swatch.y, 0.5f, 1e-3f);
  EXPECT_FLOAT_EQ(rows[2].swatch.w, 0.25f);
}

// A missing image opens the section by itself (a line per material and per missing image);
// with every image found it stays a closed header line.
TEST_F(MaterialListTest, OpensItselfWhereAnImageIsMissing) {
  auto drawn_height = [](const std::vector<MaterialRow>& rows) {
    testing::HeadlessImGui imgui;
    float height = 0.0f;
    imgui.frame([&] {
      ImGui::Begin("panel");
      const float top = ImGui::GetCursorPosY();
      draw_material_list(rows);
      height = ImGui::GetCursorPosY() - top;
      ImGui::End();
    });
    return height;
  };
  std::vector<MaterialRow> rows = list_materials(character_);
  const float open = drawn_height(rows);
  for (MaterialRow& row : rows) row.missing.clear();
  const float closed = drawn_height(rows);
  constexpr float line = 13.0f;  // Dear ImGui's default font, in pixels
  EXPECT_GT(closed, 0.0f);
  EXPECT_LT(closed, 2.0f * line);
  EXPECT_GT(open, closed + 5.0f * line);  // four materials and two missing images
  EXPECT_EQ(drawn_height({}), 0.0f);      // no materials, no section
}

}  // namespace
}  // namespace ui
