// A morph-only creature is framed at any size: the FBX twin of the Khronos morph sphere with
// weight curves (fbx_twins.h) loses the glTF node's scale of 100 and comes in a centimetre file,
// so it is 0.2 mm across as imported (2 cm at --unit-scale 1) where the glTF's is 2 m. Its
// bounds are the glTF's to scale, and `animview render` shows it whole, large and in the middle
// of the picture, at rest and playing its shapes. (It showed the ground alone: the camera framed
// anything under 5 mm as 5 mm, then lifted its target 5 cm out of the ground, above the sphere.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "import/posed_bounds.h"
#include "support/fbx_twins.h"
#include "support/import_test_util.h"
#include "support/picture_figure.h"
#include "support/rendered_picture.h"

namespace {

// The twin's vertices are the glTF mesh's, without the node's scale of 100, in centimetres.
constexpr float kTwinScale = 0.01f * 0.01f;

TEST(FbxTwinFraming, TheTwinsBoundsAreTheGltfsToScale) {
  const auto gltf = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(gltf);
  const importer::Character original = test::import_ok(gltf);
  const importer::Character twin = test::import_ok(test::fbx_twin_with_shape_curves(gltf));
  EXPECT_FLOAT_EQ(twin.report.unit_scale_applied, 0.01f);
  const importer::Bounds a = importer::rest_pose_bounds(original, glm::mat4(1.0f));
  const importer::Bounds b = importer::rest_pose_bounds(twin, glm::mat4(1.0f));
  ASSERT_FALSE(a.empty());
  ASSERT_FALSE(b.empty());
  // The glTF node turns the mesh half a turn about (0, 1, -1): its y is the twin's z.
  const glm::vec3 size_a = a.max - a.min, size_b = b.max - b.min;
  const glm::vec3 expected = kTwinScale * glm::vec3(size_a.x, size_a.z, size_a.y);
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(size_b[axis], expected[axis], 0.01f * expected[axis]) << "axis " << axis;
  }
  EXPECT_NEAR(size_a.y, 2.0f, 0.01f);  // a sphere of radius 1 m
}

// The box of the pixels that differ from the background (the top-left corner's colour) in an
// RGB picture of test::kRenderedWidth x test::kRenderedHeight.
using test::Figure;

Figure figure_of(const std::vector<unsigned char>& rgb) {
  return test::figure_of(rgb.data(), test::kRenderedWidth, test::kRenderedHeight);
}

// The sphere is whole (a margin on every side), large (at least half the picture tall, and a
// thirtieth of its pixels where a clip's shapes thin it: the speck it was drew 12) and centred
// (its middle in the picture's middle third, across and up).
void expect_framed(const Figure& f, const std::string& what) {
  const int w = test::kRenderedWidth, h = test::kRenderedHeight;
  ASSERT_GT(f.pixels, w * h / 30) << what << ": a speck or nothing";
  EXPECT_GT(f.min_x, w / 50) << what;
  EXPECT_LT(f.max_x, w - w / 50) << what;
  EXPECT_GT(f.min_y, h / 50) << what;
  EXPECT_LT(f.max_y, h - h / 50) << what;
  EXPECT_GT(f.max_y - f.min_y, h / 2) << what;
  EXPECT_GT(f.min_x + f.max_x, 2 * w / 3) << what;
  EXPECT_LT(f.min_x + f.max_x, 4 * w / 3) << what;
  EXPECT_GT(f.min_y + f.max_y, 2 * h / 3) << what;
  EXPECT_LT(f.min_y + f.max_y, 4 * h / 3) << what;
}

// At the file's own scale (0.2 mm) and at --unit-scale 1 (2 cm), at rest and 1 s into Globe
// (Squash at 100 %), as the glTF at rest (2 m). (The glTF's own Globe is framed over shapes that
// reach far wider, so at 1 s it stands smaller in its picture.)
TEST(FbxTwinFraming, RenderFramesTheSphereAtAnySize) {
  const auto gltf = test::shared_asset("khronos/animated_morph_sphere.gltf");
  SKIP_IF_ABSENT(gltf);
  if (!test::can_render()) GTEST_SKIP() << "no executable or no display to render on";
  const auto twin = test::fbx_twin_with_shape_curves(gltf);
  const auto dir = twin.parent_path();
  expect_framed(figure_of(test::rendered_picture(gltf, "--no-ground", dir)), "the glTF");
  for (const char* units : {"", "--unit-scale 1"}) {
    for (const char* at : {"", "--clip Globe --time 1"}) {
      const std::string options = std::string("--no-ground ") + units + " " + at;
      expect_framed(figure_of(test::rendered_picture(twin, options, dir)), "FBX twin " + options);
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
