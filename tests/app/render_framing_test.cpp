// `animview render` frames what it shows on characters nobody here made: Cesium Man, whose mesh
// is bound lying along Z and stood up by a node above the skeleton, a mesh-less FBX skeleton,
// which is drawn as bones, and the demo under a Blender armature node, bound in centimetres. The
// figure must be whole, inside the picture, and large.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "import/importer.h"
#include "picture_diff.h"
#include "support/armature_twin.h"
#include "support/picture_figure.h"
#include "support/temp_files.h"
#include "viewer_process.h"

namespace {

using pictures::Picture;

using test::Figure;

Figure figure_of(const Picture& p) {
  return test::figure_of(p.rgb.data(), p.width, p.height);
}

// Renders file with options on a plain background, 480 x 360, into out.
Picture render_file(const std::filesystem::path& file, const std::string& options,
                    const std::filesystem::path& out) {
  const std::string command = std::string(ANIMVIEW_EXE) + " render --no-ground " + options +
                              " --width 480 --height 360 --out " + out.string() + " " +
                              file.string() + " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return pictures::load(out);
}

// Renders file (a ../shared/assets path) at clip 0, time 0.5 s.
Picture render(const std::string& relative, const std::string& name) {
  const auto dir = test::make_temp_dir();
  Picture picture = render_file(std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / relative,
                                "--clip 0 --time 0.5", dir / (name + ".png"));
  std::filesystem::remove_all(dir);
  return picture;
}

void expect_whole_and_large(const Figure& f, const Picture& p, const std::string& what) {
  ASSERT_GT(f.pixels, 200) << what << ": nothing drawn";
  // Inside, with a margin on every side.
  EXPECT_GT(f.min_x, p.width / 50) << what;
  EXPECT_LT(f.max_x, p.width - p.width / 50) << what;
  EXPECT_GT(f.min_y, p.height / 50) << what;
  EXPECT_LT(f.max_y, p.height - p.height / 50) << what;
  // Standing at least 40% of the picture tall, centred across.
  EXPECT_GT(f.max_y - f.min_y, 2 * p.height / 5) << what;
  const int centre_x = (f.min_x + f.max_x) / 2;
  EXPECT_GT(centre_x, p.width / 3) << what;
  EXPECT_LT(centre_x, 2 * p.width / 3) << what;
}

TEST(RenderFraming, CesiumManStandsWholeInTheMiddleOfThePicture) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  if (!std::filesystem::exists(std::filesystem::path(ANIMVIEW_SHARED_ASSETS) /
                               "khronos/cesium_man.gltf")) {
    GTEST_SKIP() << "../shared/assets/khronos/cesium_man.gltf is absent";
  }
  const Picture p = render("khronos/cesium_man.gltf", "cesium_man");
  ASSERT_EQ(p.width, 480);
  expect_whole_and_large(figure_of(p), p, "Cesium Man");
}

TEST(RenderFraming, AMeshlessSkeletonIsDrawnAsBones) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  if (!std::filesystem::exists(std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "pab/atlas.fbx")) {
    GTEST_SKIP() << "../shared/assets/pab/atlas.fbx is absent";
  }
  const Picture p = render("pab/atlas.fbx", "atlas");
  ASSERT_EQ(p.width, 480);
  expect_whole_and_large(figure_of(p), p, "atlas.fbx (a skeleton without a mesh)");
}

// A twin's picture is its original's: the figure in the same place within 2 px, and the same
// pixels up to rounding along the silhouette.
void expect_same_picture(const Picture& original, const Picture& twin, const std::string& what) {
  const Figure a = figure_of(original), b = figure_of(twin);
  EXPECT_NEAR(a.min_x, b.min_x, 2) << what;
  EXPECT_NEAR(a.max_x, b.max_x, 2) << what;
  EXPECT_NEAR(a.min_y, b.min_y, 2) << what;
  EXPECT_NEAR(a.max_y, b.max_y, 2) << what;
  EXPECT_LT(pictures::compare(original, twin).count, a.pixels / 50) << what;
}

// The demo and its twin as Blender writes a Mixamo rig (test::wrap_in_armature: the mesh in
// centimetres, Z-up, under a 0.01-scaled armature node) draw the same character, so render
// frames them alike: the same figure in the same place, in the rest pose and in clips. Measured
// in the raw mesh space, the twin's clip frame was a speck in a 9 x 21 x 29 m box.
TEST(RenderFraming, ACharacterUnderABlenderArmatureIsFramedAsItsOriginal) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const auto dir = test::make_temp_dir();
  const importer::Character demo = demo::make_demo_character();
  ASSERT_EQ(demo::export_character_glb(demo, (dir / "demo.glb").string()), "");
  ASSERT_EQ(
      demo::export_character_glb(test::wrap_in_armature(demo), (dir / "wrapped.glb").string()), "");
  for (const char* options :
       {"--rest-pose", "--clip walk_forward --time 0.5", "--clip run_forward --time 0.3"}) {
    const Picture original = render_file(dir / "demo.glb", options, dir / "demo.png");
    const Picture wrapped = render_file(dir / "wrapped.glb", options, dir / "wrapped.png");
    ASSERT_EQ(wrapped.width, 480) << options;
    expect_whole_and_large(figure_of(original), original, std::string("the demo, ") + options);
    expect_whole_and_large(figure_of(wrapped), wrapped,
                           std::string("its armature twin, ") + options);
    expect_same_picture(original, wrapped, options);
  }
  std::filesystem::remove_all(dir);
}

// The shared characters nobody here made, wrapped the same way: each twin draws its original's
// picture, framed alike, at rest and in a clip.
TEST(RenderFraming, SharedCharactersUnderABlenderArmatureDrawTheirOriginalsPictures) {
  std::string why;
  if (!e2e::can_drive_windows(why)) GTEST_SKIP() << why;
  const std::filesystem::path shared(ANIMVIEW_SHARED_ASSETS);
  if (!std::filesystem::exists(shared / "kaykit" / "Knight.glb")) {
    GTEST_SKIP() << shared << " is absent (shared assets)";
  }
  const auto dir = test::make_temp_dir();
  for (const char* file :
       {"kaykit/Knight.glb", "khronos/Fox.glb", "quaternius/RobotExpressive.glb"}) {
    const importer::ImportResult imported =
        importer::import_file_in_process((shared / file).string(), importer::ImportSettings{});
    ASSERT_TRUE(imported.ok()) << imported.error;
    ASSERT_EQ(demo::export_character_glb(test::wrap_in_armature(imported.character),
                                         (dir / "wrapped.glb").string()),
              "");
    for (const char* options : {"--rest-pose", "--clip 1 --time 0.4"}) {
      const std::string what = std::string(file) + " " + options;
      const Picture original = render_file(shared / file, options, dir / "original.png");
      const Picture wrapped = render_file(dir / "wrapped.glb", options, dir / "wrapped.png");
      ASSERT_EQ(wrapped.width, 480) << what;
      ASSERT_GT(figure_of(original).pixels, 200) << what;
      expect_same_picture(original, wrapped, what);
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
