// Clip B of a side-by-side comparison follows clip A's playhead (anim::synced_clip_time, tested
// in tests/anim/sync_test.cpp): the real player on the demo character through the timeline's
// play, step, scrub and reverse.
#include "app/clip_comparison.h"

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "app/viewer_scene.h"
#include "demo/demo_character.h"
#include "project/project_binding.h"

namespace {

// The demo character previewing walk_forward on the timeline, compared with run_forward.
class ClipComparisonOnTheDemo : public ::testing::Test {
 protected:
  void SetUp() override {
    importer::Character character = demo::make_demo_character();
    project = project::preview_project(character, demo::kDemoSourcePath);
    ASSERT_EQ(scene.open(std::move(character), project), "");
    const int walk = scene.find_clip("walk_forward");
    ASSERT_GE(walk, 0);
    scene.preview(walk);
    scene.clock.set_playing(true);
    view.compare = visual::CompareMode::Clips;
    view.compare_clip = "run_forward";
  }
  double a_duration() const { return scene.clock.timeline().duration_s; }
  double b_duration() const { return scene.clips()[scene.find_clip("run_forward")].duration_s; }

  project::Project project;  // bound in scene
  app::ViewerScene scene;
  visual::SceneView view;
};

TEST_F(ClipComparisonOnTheDemo, BPlaysAtAsPhaseWhilePlayingSteppingScrubbingAndReversing) {
  scene.update(0.25f, view);
  ASSERT_TRUE(scene.comparison.active()) << scene.comparison.error();
  EXPECT_EQ(scene.clips()[scene.comparison.clip()].name, "run_forward");
  // walk_forward is 1.111 s and run_forward 0.667 s: 0.25 s of walk is 0.15 s of run.
  EXPECT_NEAR(scene.clock.time_s(), 0.25, 1e-9);
  EXPECT_NEAR(scene.comparison.time_s(), 0.25 / a_duration() * b_duration(), 1e-9);
  EXPECT_NEAR(scene.comparison.time_s(), 0.15, 1e-3);
  EXPECT_NEAR(scene.comparison.player().dominant_clip_time(), scene.comparison.time_s(), 1e-6);

  scene.clock.step_frames(1);  // pauses on the next frame: 31 / 120 s
  scene.update(1.0f / 60.0f, view);
  EXPECT_NEAR(scene.comparison.time_s(), (31.0 / 120.0) / a_duration() * b_duration(), 1e-9);

  scene.clock.seek(1.0);  // scrubbing, paused
  scene.update(0.5f, view);
  EXPECT_NEAR(scene.comparison.time_s(), 1.0 / a_duration() * b_duration(), 1e-9);

  scene.clock.set_reverse(true);  // 0.3 s backwards from 1.0 s
  scene.clock.set_playing(true);
  scene.update(0.3f, view);  // dt is a float: 0.3 to 7 digits
  EXPECT_NEAR(scene.clock.time_s(), 0.7, 1e-7);
  EXPECT_NEAR(scene.comparison.time_s(), scene.clock.time_s() / a_duration() * b_duration(), 1e-9);
  EXPECT_NEAR(scene.comparison.time_s(), 0.42, 1e-3);
}

TEST_F(ClipComparisonOnTheDemo, BsPoseIsRunForwardSampledAtItsSyncedTime) {
  scene.update(0.4f, view);
  ASSERT_TRUE(scene.comparison.active());
  // An independent sample of run_forward at B's time: every joint below the root matches
  // (the root differs only by the root motion kept in place).
  const anim::Skeleton& skeleton = scene.character.skeleton;
  const anim::Clip& run = scene.clips()[scene.find_clip("run_forward")];
  std::vector<anim::Transform> expected(skeleton.rest_pose.size());
  anim::SamplingCache cache(run);
  ASSERT_TRUE(anim::sample_clip(run, anim::bind_clip(run, skeleton), skeleton,
                                static_cast<float>(scene.comparison.time_s()), cache, expected));
  const auto b_pose = scene.comparison.player().local_pose();
  const auto a_pose = scene.instance.local_pose();
  int differs_from_a = 0;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (j == scene.settings.root_motion.root_joint) continue;
    EXPECT_NEAR(glm::abs(glm::dot(b_pose[j].rotation, expected[j].rotation)), 1.0f, 1e-5f)
        << skeleton.joint_names[j];
    differs_from_a += glm::abs(glm::dot(b_pose[j].rotation, a_pose[j].rotation)) < 0.9999f;
  }
  EXPECT_GT(differs_from_a, 5) << "B runs while A walks";
}

TEST_F(ClipComparisonOnTheDemo, SecondsSyncUsesAsTimeWrappedIntoB) {
  view.compare_sync = visual::CompareSync::Seconds;
  scene.update(0.9f, view);  // 0.9 s of walk; run_forward is 0.667 s: 0.233 s into its loop
  EXPECT_NEAR(scene.comparison.time_s(), 0.9 - b_duration(), 1e-6);
}

TEST_F(ClipComparisonOnTheDemo, AMissingClipBIsReportedAndNothingPlays) {
  view.compare_clip = "sprint";
  scene.update(0.1f, view);
  EXPECT_FALSE(scene.comparison.active());
  EXPECT_EQ(scene.comparison.error(), "no clip 'sprint'");
  view.compare_clip = "wave";  // choosing another clip recovers
  scene.update(0.1f, view);
  EXPECT_TRUE(scene.comparison.active());
  EXPECT_EQ(scene.comparison.error(), "");
}

TEST_F(ClipComparisonOnTheDemo, OtherModesLeaveBInactive) {
  view.compare = visual::CompareMode::Skinning;
  scene.update(0.1f, view);
  EXPECT_FALSE(scene.comparison.active());
  view.compare = visual::CompareMode::Clips;
  scene.update(0.1f, view);
  EXPECT_TRUE(scene.comparison.active());
  // Re-binding the clips forgets B until the next update binds it again.
  ASSERT_EQ(scene.rebind_character(project), "");
  EXPECT_FALSE(scene.comparison.active());
  scene.update(0.1f, view);
  EXPECT_TRUE(scene.comparison.active());
}

}  // namespace
