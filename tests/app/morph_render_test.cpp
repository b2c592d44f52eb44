// `animview render` draws the shapes a clip plays: AnimatedMorphSphere is a sphere at 0 s (both
// weights 0), reshaped at 2 s (its second shape at 0.9965) and a sphere again at its last key,
// in one camera for every time.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "picture_diff.h"
#include "support/temp_files.h"

namespace {

pictures::Picture render_at(const std::filesystem::path& file, const std::string& time,
                            const std::filesystem::path& dir) {
  const auto out = dir / ("sphere_" + time + ".png");
  const std::string command = std::string(ANIMVIEW_EXE) +
                              " render --no-ground --width 480 --height 360 --clip Globe --time " +
                              time + " --out " + out.string() + " " + file.string() +
                              " > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return pictures::load(out);
}

TEST(MorphRender, TheSpheresShapesChangeThePictureAndItsLastKeyGivesTheSphereBack) {
  const std::filesystem::path file =
      std::filesystem::path(ANIMVIEW_SHARED_ASSETS) / "khronos/animated_morph_sphere.gltf";
  if (!std::filesystem::exists(file)) {
    GTEST_SKIP() << file.string() << " is absent: the third-party assets are not installed";
  }
  const auto dir = test::make_temp_dir();
  const pictures::Picture sphere = render_at(file, "0", dir);
  // Weights (0.0035, 0.9965) at 2 s; (0, -1.5e-7) at the last key, 7.19999 s.
  const pictures::Picture shaped = render_at(file, "2", dir);
  const pictures::Picture back = render_at(file, "7.1999", dir);
  ASSERT_GT(sphere.width, 0);
  const int drawn = pictures::compare(sphere, render_at(file, "0", dir)).count;
  EXPECT_EQ(drawn, 0) << "the same time draws the same picture";
  const int changed = pictures::compare(sphere, shaped).count;
  const int restored = pictures::compare(sphere, back).count;
  EXPECT_GT(changed, 2000) << "the second shape changes the sphere";
  EXPECT_LT(restored, changed / 20) << "the last key's weights are the first key's";
  std::filesystem::remove_all(dir);
}

}  // namespace
