// `animview render` frames what it shows on characters nobody here made: Cesium Man, whose mesh
// is bound lying along Z and stood up by a node above the skeleton, and a mesh-less FBX
// skeleton, which is drawn as bones. The figure must be whole, inside the picture, and large.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "asset/temp_files.h"
#include "picture_diff.h"
#include "viewer_process.h"

namespace {

using pictures::Picture;

// The box of the pixels that differ from the background (the top-left corner's colour).
struct Figure {
  int pixels = 0;
  int min_x = 1 << 30, min_y = 1 << 30, max_x = -1, max_y = -1;
};

Figure figure_of(const Picture& p) {
  Figure f;
  const unsigned char* background = p.at(0, 0);
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const unsigned char* c = p.at(x, y);
      const int distance = std::max({std::abs(c[0] - background[0]), std::abs(c[1] - background[1]),
                                     std::abs(c[2] - background[2])});
      if (distance <= 30) continue;
      ++f.pixels;
      f.min_x = std::min(f.min_x, x);
      f.max_x = std::max(f.max_x, x);
      f.min_y = std::min(f.min_y, y);
      f.max_y = std::max(f.max_y, y);
    }
  }
  return f;
}

// Renders file (a ../shared/assets path) at clip 0, time 0.5 s, on a plain background.
Picture render(const std::string& relative, const std::string& name) {
  const auto dir = test::make_temp_dir();
  const std::filesystem::path out = dir / (name + ".png");
  const std::string command =
      std::string(ANIMVIEW_EXE) + " render --no-ground --clip 0 --time 0.5 " +
      "--width 480 --height 360 --out " + out.string() + " " +
      (std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / relative).string() + " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  Picture picture = pictures::load(out);
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

}  // namespace
