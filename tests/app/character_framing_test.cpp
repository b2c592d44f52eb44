// F, Home and a load's first view frame character_bounds: on what is drawn, so the demo and its
// twin as Blender writes a Mixamo rig (test::wrap_in_armature: the mesh in centimetres, Z-up,
// under a 0.01-scaled armature node) are framed alike, just loaded and playing a clip.
#include "app/character_framing.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/async_loader.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "demo/demo_export.h"
#include "support/armature_twin.h"
#include "support/temp_files.h"
#include "visual/view_settings.h"

namespace app {
namespace {

struct Framed {
  importer::Bounds loaded, posed;
};

// The bounds F frames for the character in file: just loaded, and 0.4 s into walk_forward.
Framed frame(const std::filesystem::path& file) {
  project::LoadOutcome outcome = load_now({{file.string()}, {}});
  EXPECT_TRUE(outcome.ok) << file;
  ViewerScene scene;
  EXPECT_EQ(scene.open(std::move(outcome.character), std::move(outcome.project)), "");
  Framed framed;
  framed.loaded = character_bounds(scene, false);
  scene.preview(scene.find_clip("walk_forward"));
  EXPECT_EQ(scene.update(0.4f, visual::SceneView{}), "");
  framed.posed = character_bounds(scene, true);
  return framed;
}

void expect_same(const importer::Bounds& a, const importer::Bounds& b, const char* what) {
  ASSERT_FALSE(a.empty()) << what;
  ASSERT_FALSE(b.empty()) << what;
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(a.min[axis], b.min[axis], 0.01f) << what << " axis " << axis;
    EXPECT_NEAR(a.max[axis], b.max[axis], 0.01f) << what << " axis " << axis;
  }
}

// The old measure framed the posed twin on a 9 x 21 x 29 m box; a fix of the measure alone
// framed it on its rest pose (the bind mesh's centimetres made its pose look collapsed).
TEST(CharacterFraming, ACharacterUnderABlenderArmatureIsFramedAsItsOriginal) {
  const auto dir = test::make_temp_dir();
  const importer::Character demo = demo::make_demo_character();
  ASSERT_EQ(demo::export_character_glb(demo, (dir / "demo.glb").string()), "");
  ASSERT_EQ(demo::export_character_glb(test::wrap_in_armature(demo), (dir / "twin.glb").string()),
            "");
  const Framed original = frame(dir / "demo.glb");
  const Framed twin = frame(dir / "twin.glb");
  expect_same(original.loaded, twin.loaded, "just loaded");
  expect_same(original.posed, twin.posed, "walking");
  EXPECT_LT(twin.posed.max.y - twin.posed.min.y, 2.5f);  // a 1.8 m figure
  EXPECT_GT(twin.posed.max.y - twin.posed.min.y, 1.7f);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace app
