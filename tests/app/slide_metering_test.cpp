// The viewer's live foot-slide meter fed from a scene as the frame loop feeds it: the demo's walk
// previewed on the timeline, a scrub, and its blend space asked a point between its samples.
#include "app/slide_metering.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "app/async_loader.h"
#include "app/motion_matching_mode.h"
#include "app/motion_matching_steering.h"
#include "demo/demo_character.h"
#include "demo/demo_gait.h"

namespace app {
namespace {

constexpr float kFrame_s = 1.0f / 60.0f;

// The built-in demo opened as the viewer opens it.
void open_demo(ViewerScene& scene) {
  LoadOutcome demo = load_now({{demo::kDemoSourcePath}, {}});
  ASSERT_TRUE(demo.ok);
  ASSERT_EQ(scene.open(std::move(demo.character), std::move(demo.project)), "");
}

// The demo opened, its graph walking forward at 1.4 m/s.
void open_demo_walking(ViewerScene& scene) {
  ASSERT_NO_FATAL_FAILURE(open_demo(scene));
  ASSERT_EQ(scene.mode, PlayMode::Graph);
  ASSERT_EQ(scene.set_parameter("velocity_z=1.4"), "");
}

// The clip previewed on the timeline, playing.
void preview_playing(ViewerScene& scene, int clip) {
  scene.mode = PlayMode::ClipPreview;
  scene.preview(clip);
  scene.clock.set_playing(true);
}

TEST(SlideMetering, APlayheadJumpsWhenItMovesOtherwiseThanTheClockWould) {
  const anim::Timeline timeline{1.0, 30.0};  // a frame is 1/30 s; the tolerance 1.5 frames
  EXPECT_FALSE(playhead_jumped(0.5, 0.5 + 1.0 / 30.0, 1.0 / 30.0, timeline));
  EXPECT_TRUE(playhead_jumped(0.5, 0.8, 1.0 / 30.0, timeline));
  EXPECT_FALSE(playhead_jumped(0.98, 0.98 + 1.0 / 30.0 - 1.0, 1.0 / 30.0, timeline))
      << "over the loop's end";
  EXPECT_FALSE(playhead_jumped(0.5, 0.45, -0.05, timeline)) << "playing backwards";
  EXPECT_TRUE(playhead_jumped(0.5, 0.45, 0.05, timeline)) << "back where forward was due";
  EXPECT_FALSE(playhead_jumped(0.02, 0.02 - 1.0 / 30.0 + 1.0, -1.0 / 30.0, timeline))
      << "backwards over the loop's start";
}

// Stride warping's play rate runs the clock faster than dt times its speed: with frames of 0.05 s
// (a viewer at 20 frames a second) at a rate over 1.25 the playhead moves more than 0.0125 s
// beyond what dt alone says, the 1.5 frames of the demo's 120 fps clips that tell a jump. The
// meter expects the rate too, and so counts on.
TEST(SlideMetering, ThePlayRateOfStrideWarpingIsNoJump) {
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(open_demo(scene));
  scene.settings.stride_warping = true;
  // Twice the walk's speed (the clamp raised to 2): the stride reaches about 1.45 times the
  // walk's, the play rate makes up the rest.
  scene.settings.stride_warping_settings.requested_speed_mps = 2.0f * demo::kDemoWalkSpeed_mps;
  scene.settings.stride_warping_settings.max_ratio = 2.0f;
  ASSERT_EQ(scene.apply_settings(), "");
  const ui::ViewSettings view;
  SlideMetering metering;
  const int walk = scene.find_clip("walk_forward");
  ASSERT_GE(walk, 0);
  preview_playing(scene, walk);
  constexpr float kLongFrame_s = 0.05f;
  float fastest_rate = 1.0f;
  for (int f = 0; f < 60; ++f) {
    ASSERT_EQ(scene.update(kLongFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kLongFrame_s);
    fastest_rate = std::max(fastest_rate, scene.clock_play_rate);
  }
  EXPECT_GT(fastest_rate, 1.3f) << "the rate the test is about";
  // Never restarted after the first frame: the plot holds all 60 frames (of its 300).
  EXPECT_EQ(metering.meter.plot_offset(), 60);
  const anim::SlideTally& clip = metering.meter.tally(anim::SlideSpan::Clip);
  ASSERT_TRUE(clip.counted);
  for (int foot = 0; foot < 2; ++foot) EXPECT_GE(clip.steps[foot], 2) << foot;
}

TEST(SlideMetering, TheDemosWalkStaysPlantedAScrubRestartsAndABlendBetweenSamplesSlides) {
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(open_demo(scene));
  const ui::ViewSettings view;
  SlideMetering metering;
  const int walk = scene.find_clip("walk_forward");
  ASSERT_GE(walk, 0);
  preview_playing(scene, walk);
  for (int f = 0; f < 180; ++f) {
    ASSERT_EQ(scene.update(kFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kFrame_s);
  }
  const anim::SlideTally& clip = metering.meter.tally(anim::SlideSpan::Clip);
  ASSERT_EQ(metering.meter.feet(), 2);
  EXPECT_EQ(metering.feet, (std::vector<std::string>{"L", "R"}));
  EXPECT_EQ(clip.subject, walk);
  for (int foot = 0; foot < 2; ++foot) {
    EXPECT_GE(clip.steps[foot], 2) << foot;
    // Its feet are authored to its root motion (kept in place by the view, walked by the meter).
    EXPECT_LT(
        anim::slide_per_step_share(clip.slide_m[foot], clip.steps[foot], metering.leg_length_m),
        0.01f)
        << foot;
  }
  // A scrub (the playhead moved while paused) forgets the tallies and the plot.
  scene.clock.set_playing(false);
  scene.clock.seek(0.3);
  ASSERT_EQ(scene.update(kFrame_s, view), "");
  meter_foot_slide(metering, scene, 1, kFrame_s);
  EXPECT_FALSE(clip.counted);
  EXPECT_EQ(metering.meter.plot_offset(), 0);

  // The graph's blend space asked a point between its samples: the blend slides its feet.
  scene.mode = PlayMode::Graph;
  ASSERT_EQ(scene.set_parameter("velocity_x=0.6"), "");
  ASSERT_EQ(scene.set_parameter("velocity_z=2.0"), "");
  for (int f = 0; f < 180; ++f) {
    ASSERT_EQ(scene.update(kFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kFrame_s);
  }
  const anim::SlideTally& point = metering.meter.tally(anim::SlideSpan::BlendPoint);
  ASSERT_TRUE(point.counted);
  EXPECT_EQ(point.blend_point, glm::vec2(0.6f, 2.0f));
  for (int foot = 0; foot < 2; ++foot) {
    EXPECT_GT(
        anim::slide_per_step_share(point.slide_m[foot], point.steps[foot], metering.leg_length_m),
        0.05f)
        << foot;
  }
  const ui::FootSlideNames names = foot_slide_names(metering, scene);
  EXPECT_EQ(names.blend_point, scene.graph().blend_spaces[0].name + " (0.60, 2.00)");
  ui::ViewSettings shown;
  EXPECT_EQ(foot_slide_overlay_lines(metering, scene, shown).size(), 2u)
      << "the clip's and the point's, in the stats by default";
  EXPECT_FLOAT_EQ(foot_slide_plot_height(metering, scene, shown), 0.0f) << "no plot by default";
  shown.show_foot_slide_lines = false;
  EXPECT_TRUE(foot_slide_overlay_lines(metering, scene, shown).empty());
}

// Motion matching plays its own clips over the graph's mode, whose machine keeps the sources of
// its last update: the meter counts the clips played, not the graph's point, which no longer
// plays (it went on counting the matched frames under the point's name; the point's tally is
// forgotten as motion matching takes over).
TEST(SlideMetering, MotionMatchingIsMeteredByItsClipNotByTheGraphsPoint) {
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(open_demo_walking(scene));
  const ui::ViewSettings view;
  SlideMetering metering;
  for (int f = 0; f < 60; ++f) {
    ASSERT_EQ(scene.update(kFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kFrame_s);
  }
  const anim::SlideTally& point = metering.meter.tally(anim::SlideSpan::BlendPoint);
  ASSERT_TRUE(point.counted);

  MotionMatchingMode mode;
  ASSERT_EQ(mode.start(scene, {}, {}, false), "");
  const SteeringInput walk{{0.0f, 0.0f, kWalkSpeed_mps}, 0.0f, false};
  for (int f = 0; f < 180; ++f) {
    ASSERT_EQ(mode.step(walk, kFrame_s, scene), "");
    ASSERT_EQ(scene.update(kFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kFrame_s);
  }
  const anim::SlideTally& clip = metering.meter.tally(anim::SlideSpan::Clip);
  EXPECT_TRUE(clip.counted);
  EXPECT_EQ(clip.subject, scene.instance.dominant_clip());
  EXPECT_FALSE(point.counted) << "no matched frame counted at the point";
}

// Motion matching taking over from the graph, and handing back, restarts the meter as another
// clip does: the graph's steps measured half-way are not finished by the matched clip's feet
// (nor the matched steps by the graph's).
TEST(SlideMetering, MotionMatchingTakingOverOrHandingBackRestartsTheMeter) {
  ViewerScene scene;
  ASSERT_NO_FATAL_FAILURE(open_demo_walking(scene));
  const ui::ViewSettings view;
  SlideMetering metering;
  const auto play_frame = [&] {
    ASSERT_EQ(scene.update(kFrame_s, view), "");
    meter_foot_slide(metering, scene, 1, kFrame_s);
  };
  for (int f = 0; f < 40; ++f) ASSERT_NO_FATAL_FAILURE(play_frame());
  ASSERT_EQ(metering.meter.plot_offset(), 40);

  MotionMatchingMode mode;
  ASSERT_EQ(mode.start(scene, {}, {}, false), "");
  const SteeringInput walk{{0.0f, 0.0f, kWalkSpeed_mps}, 0.0f, false};
  ASSERT_EQ(mode.step(walk, kFrame_s, scene), "");
  ASSERT_NO_FATAL_FAILURE(play_frame());
  EXPECT_EQ(metering.meter.plot_offset(), 1) << "the matched frame alone";
  const anim::SlideTally& clip = metering.meter.tally(anim::SlideSpan::Clip);
  EXPECT_FLOAT_EQ(clip.duration_s, kFrame_s);
  EXPECT_FALSE(metering.meter.tally(anim::SlideSpan::BlendPoint).counted);
  for (int f = 1; f < 30; ++f) {
    ASSERT_EQ(mode.step(walk, kFrame_s, scene), "");
    ASSERT_NO_FATAL_FAILURE(play_frame());
  }
  ASSERT_EQ(metering.meter.plot_offset(), 30);

  mode.stop(scene);
  ASSERT_NO_FATAL_FAILURE(play_frame());
  EXPECT_EQ(metering.meter.plot_offset(), 1) << "the graph's frame alone";
  EXPECT_FLOAT_EQ(clip.duration_s, kFrame_s);
}

}  // namespace
}  // namespace app
