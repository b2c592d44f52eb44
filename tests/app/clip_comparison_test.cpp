// Clip B of a side-by-side comparison follows clip A's playhead: the sync arithmetic by hand,
// then the real player on the demo character through the timeline's play, step, scrub and
// reverse.
#include "app/clip_comparison.h"

#include <gtest/gtest.h>

#include <limits>

#include "anim/clip_sampling.h"
#include "app/viewer_scene.h"
#include "asset/demo_character.h"
#include "asset/project_binding.h"

namespace {

using anim::PlaybackMode;
using ui::CompareSync;

TEST(SyncedClipTime, SamePhaseScalesAsPhaseToBsDuration) {
  // A (walk, 1.2 s) at 0.3 s is a quarter through; B (run, 0.8 s) is a quarter through too.
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, 0.3, 1.2, 0.8),
                   0.2);
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, 0.9, 1.2, 2.0),
                   1.5);
  // A Once clip standing at its end holds B at its end.
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Once, 1.2, 1.2, 0.8),
                   0.8);
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, 0.0, 1.2, 0.8),
                   0.0);
}

TEST(SyncedClipTime, SameSecondsWrapsClampsOrBouncesAsTheTimelineMode) {
  // A at 1.3 s of 2 s against B of 0.8 s: Loop wraps to 0.5, Once stops at 0.8, PingPong has
  // come back 0.5 s from B's end: 0.3.
  EXPECT_NEAR(app::synced_clip_time(CompareSync::Seconds, PlaybackMode::Loop, 1.3, 2.0, 0.8), 0.5,
              1e-12);
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Seconds, PlaybackMode::Once, 1.3, 2.0, 0.8),
                   0.8);
  EXPECT_NEAR(app::synced_clip_time(CompareSync::Seconds, PlaybackMode::PingPong, 1.3, 2.0, 0.8),
              0.3, 1e-12);
  // Within B's length the time is A's.
  EXPECT_DOUBLE_EQ(app::synced_clip_time(CompareSync::Seconds, PlaybackMode::Loop, 0.25, 2.0, 0.8),
                   0.25);
}

TEST(SyncedClipTime, DegenerateDurationsAndNonFiniteTimesGiveZero) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, 0.5, 0.0, 0.8), 0.0);
  EXPECT_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, 0.5, 1.0, 0.0), 0.0);
  EXPECT_EQ(app::synced_clip_time(CompareSync::Seconds, PlaybackMode::Loop, 0.5, 1.0, 0.0), 0.0);
  EXPECT_EQ(app::synced_clip_time(CompareSync::Phase, PlaybackMode::Loop, nan, 1.0, 0.8), 0.0);
}

TEST(SyncedClipTime, FollowsAReversedClockAcrossTheLoopSeam) {
  // A's clock: 1 s at 30 fps, at 0.1 s, playing backwards. 0.2 s later it has wrapped to 0.9 s,
  // phase 0.9: B (0.5 s) at 0.45 s; in seconds, 0.9 s wraps into B at 0.4 s.
  anim::PlaybackClock clock(anim::Timeline{1.0, 30.0});
  clock.seek(0.1);
  clock.set_reverse(true);
  clock.set_playing(true);
  clock.advance(0.2);
  ASSERT_NEAR(clock.time_s(), 0.9, 1e-12);
  EXPECT_NEAR(app::synced_clip_time(CompareSync::Phase, clock.mode(), clock.time_s(), 1.0, 0.5),
              0.45, 1e-12);
  EXPECT_NEAR(app::synced_clip_time(CompareSync::Seconds, clock.mode(), clock.time_s(), 1.0, 0.5),
              0.4, 1e-12);
}

// The demo character previewing walk_forward on the timeline, compared with run_forward.
class ClipComparisonOnTheDemo : public ::testing::Test {
 protected:
  void SetUp() override {
    asset::Character character = asset::make_demo_character();
    asset::Project project = asset::preview_project(character, asset::kDemoSourcePath);
    ASSERT_EQ(scene.open(std::move(character), std::move(project)), "");
    const int walk = scene.find_clip("walk_forward");
    ASSERT_GE(walk, 0);
    scene.preview(walk);
    scene.clock.set_playing(true);
    view.compare = ui::CompareMode::Clips;
    view.compare_clip = "run_forward";
  }
  double a_duration() const { return scene.clock.timeline().duration_s; }
  double b_duration() const { return scene.clips()[scene.find_clip("run_forward")].duration_s; }

  app::ViewerScene scene;
  ui::ViewSettings view;
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
  view.compare_sync = ui::CompareSync::Seconds;
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
  view.compare = ui::CompareMode::Skinning;
  scene.update(0.1f, view);
  EXPECT_FALSE(scene.comparison.active());
  view.compare = ui::CompareMode::Clips;
  scene.update(0.1f, view);
  EXPECT_TRUE(scene.comparison.active());
  // Re-binding the clips forgets B until the next update binds it again.
  ASSERT_EQ(scene.rebind_character(), "");
  EXPECT_FALSE(scene.comparison.active());
  scene.update(0.1f, view);
  EXPECT_TRUE(scene.comparison.active());
}

}  // namespace
