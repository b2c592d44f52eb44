#include "import/image_search.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "import/importer.h"
#include "support/temp_files.h"

namespace importer {
namespace {

namespace fs = std::filesystem;

// A folder per test (test::make_temp_dir): <root>/art/model beside <root>/art/textures.
class ImageSearchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = test::make_temp_dir();
    model_dir_ = (root_ / "art" / "model").string();
    fs::create_directories(model_dir_);
  }
  void TearDown() override { fs::remove_all(root_); }
  static void touch(const fs::path& file) {
    fs::create_directories(file.parent_path());
    test::write_file(file, "image");
  }

  fs::path root_;
  std::string model_dir_;
};

TEST_F(ImageSearchTest, APathThatIsThereIsTakenAsWritten) {
  touch(fs::path(model_dir_) / "maps" / "skin.png");
  touch(fs::path(model_dir_) / "skin.png");  // the written path wins over the file name
  EXPECT_EQ(locate_image("maps\\skin.png", model_dir_),
            (fs::path(model_dir_) / "maps" / "skin.png").string());
  const std::string absolute = (fs::path(model_dir_) / "maps" / "skin.png").string();
  EXPECT_EQ(locate_image(absolute, "/elsewhere"), absolute);
}

TEST_F(ImageSearchTest, AnArtistsWindowsPathIsFoundByItsFileNameBesideTheModel) {
  touch(fs::path(model_dir_) / "Skin.png");
  EXPECT_EQ(locate_image("C:\\Users\\artist\\Desktop\\skin.PNG", model_dir_),
            (fs::path(model_dir_) / "Skin.png").string());
  EXPECT_EQ(locate_image("/home/artist/project/skin.png", model_dir_),
            (fs::path(model_dir_) / "Skin.png").string());
}

TEST_F(ImageSearchTest, LooksInTheTexturesFolderBesideTheModelThenInItsParents) {
  touch(root_ / "art" / "Textures" / "cloth.tga");
  EXPECT_EQ(locate_image("D:/work/cloth.tga", model_dir_),
            (root_ / "art" / "Textures" / "cloth.tga").lexically_normal().string());
  touch(fs::path(model_dir_) / "textures" / "cloth.tga");  // nearer: it wins
  EXPECT_EQ(locate_image("D:/work/cloth.tga", model_dir_),
            (fs::path(model_dir_) / "textures" / "cloth.tga").string());
  fs::create_directories(fs::path(model_dir_) / "cloth.tga");  // a folder is not an image
  EXPECT_EQ(locate_image("D:/work/cloth.tga", model_dir_),
            (fs::path(model_dir_) / "textures" / "cloth.tga").string());
}

TEST_F(ImageSearchTest, AnImageFoundNowhereIsNamedAsTheModelWroteIt) {
  EXPECT_EQ(locate_image("C:\\Personal\\boy_10.tga", model_dir_), "C:/Personal/boy_10.tga");
  EXPECT_EQ(locate_image("maps/../boy_10.tga", model_dir_),
            (fs::path(model_dir_) / "boy_10.tga").string());
  EXPECT_EQ(locate_image("", model_dir_), "");
}

// The Collada duck with its image path rewritten to the artist's drive, the image in a
// textures folder beside it: the import finds it.
TEST_F(ImageSearchTest, TheImportFindsTheDucksImageMovedToATexturesFolder) {
  const fs::path duck = "/usr/share/assimp/models/Collada/duck.dae";
  if (!fs::exists(duck)) GTEST_SKIP() << "assimp-testmodels not installed";
  std::string text;
  ASSERT_TRUE(test::read_file(duck, text)) << duck;
  const std::string written = "<init_from>./duckCM.tga</init_from>";
  const std::size_t at = text.find(written);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, written.size(), "<init_from>C:\\Art\\Duck\\DUCKCM.TGA</init_from>");
  std::ofstream(fs::path(model_dir_) / "duck.dae") << text;
  fs::create_directories(fs::path(model_dir_) / "textures");
  fs::copy_file(duck.parent_path() / "duckCM.tga",
                fs::path(model_dir_) / "textures" / "duckCM.tga");

  const ImportResult imported =
      import_file_in_process((fs::path(model_dir_) / "duck.dae").string(), {});
  ASSERT_TRUE(imported.ok()) << imported.error;
  ASSERT_EQ(imported.character.materials.size(), 1u);
  EXPECT_EQ(imported.character.materials[0].base_color_texture.path,
            (fs::path(model_dir_) / "textures" / "duckCM.tga").string());
}

}  // namespace
}  // namespace importer
