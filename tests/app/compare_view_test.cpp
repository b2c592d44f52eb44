// The side-by-side view: the --compare text, and which pose lies under the pointer (the split's
// arithmetic is tested in tests/render/viewport_split_test.cpp).
#include "app/compare_view.h"

#include <gtest/gtest.h>

#include "demo/demo_character.h"
#include "project/project_binding.h"

namespace {

TEST(CompareOption, ParsesOffSkinningAndClipWithItsName) {
  visual::SceneView view;
  EXPECT_EQ(app::parse_compare_option("skinning", view), "");
  EXPECT_EQ(view.compare, visual::CompareMode::Skinning);
  EXPECT_EQ(app::parse_compare_option("clip:run_forward", view), "");
  EXPECT_EQ(view.compare, visual::CompareMode::Clips);
  EXPECT_EQ(view.compare_clip, "run_forward");
  EXPECT_EQ(app::parse_compare_option("off", view), "");
  EXPECT_EQ(view.compare, visual::CompareMode::Off);
  EXPECT_STREQ(app::compare_mode_name(visual::CompareMode::Clips), "clips");
}

TEST(CompareOption, RejectsOtherTextSayingWhatItExpectsAndKeepsTheView) {
  visual::SceneView view;
  view.compare = visual::CompareMode::Skinning;
  EXPECT_EQ(app::parse_compare_option("lbs", view),
            "expected off, skinning or clip:NAME, got 'lbs'");
  const std::string empty_name = app::parse_compare_option("clip:", view);
  EXPECT_NE(empty_name.find("needs the name of clip B"), std::string::npos) << empty_name;
  EXPECT_EQ(view.compare, visual::CompareMode::Skinning);
  EXPECT_EQ(view.compare_clip, "");
}

class CompareViewOnTheDemo : public ::testing::Test {
 protected:
  void SetUp() override {
    importer::Character character = demo::make_demo_character();
    project::Project project = project::preview_project(character, demo::kDemoSourcePath);
    ASSERT_EQ(scene.open(std::move(character), std::move(project)), "");
    scene.preview(scene.find_clip("walk_forward"));
    scene.clock.set_playing(false);
    scene.clock.seek(0.25);
  }
  app::ViewerScene scene;
  visual::SceneView view;
  const app::ViewportRect viewport{340.0f, 20.0f, 510.0f, 580.0f};
};

TEST_F(CompareViewOnTheDemo, LabelsNameEachHalf) {
  view.compare = visual::CompareMode::Skinning;
  auto labels = app::compare_labels(scene, view);
  EXPECT_EQ(labels[0].substr(0, 3), "LBS");
  EXPECT_EQ(labels[1].substr(0, 2), "DQ");
  view.compare = visual::CompareMode::Clips;
  view.compare_clip = "run_forward";
  scene.update(0.0f, view);
  labels = app::compare_labels(scene, view);
  // 0.25 s is frame 30 of walk_forward (120 fps, last frame 133); B at the same phase is at
  // 0.25 / 1.1111 * 0.6667 = 0.15 s: frame 18 of 80.
  EXPECT_EQ(labels[0], "A: walk_forward\nframe 30 / 133  0.25 s");
  EXPECT_EQ(labels[1], "B: run_forward\nframe 18 / 80  0.15 s");
  view.compare_clip = "sprint";
  scene.update(0.0f, view);
  EXPECT_EQ(app::compare_labels(scene, view)[1], "B: no clip 'sprint'");
}

TEST_F(CompareViewOnTheDemo, ThePointerPicksFromTheHalfUnderIt) {
  const glm::mat4 vp(1.0f);
  view.compare = visual::CompareMode::Off;
  app::ViewUnderPointer under = app::view_under_pointer(scene, view, viewport, vp, 800.0f);
  EXPECT_EQ(under.rect.width, 510);
  EXPECT_EQ(under.model_pose.data(), scene.instance.model_pose().data());

  view.compare = visual::CompareMode::Clips;
  view.compare_clip = "run_forward";
  scene.update(0.0f, view);
  under = app::view_under_pointer(scene, view, viewport, vp, 400.0f);
  EXPECT_EQ(under.rect.x, 340);
  EXPECT_EQ(under.rect.width, 255);
  EXPECT_EQ(under.model_pose.data(), scene.instance.model_pose().data());
  EXPECT_FLOAT_EQ(under.view_projection[0][0], 2.0f);
  under = app::view_under_pointer(scene, view, viewport, vp, 700.0f);
  EXPECT_EQ(under.rect.x, 595);
  EXPECT_EQ(under.model_pose.data(), scene.comparison.player().model_pose().data());
}

}  // namespace
