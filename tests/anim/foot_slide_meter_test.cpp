#include "anim/foot_slide_meter.h"

#include <gtest/gtest.h>

#include <cmath>

namespace anim {
namespace {

constexpr float kFrame_s = 1.0f / 60.0f;

// One foot walking: planted for 31 frames drifting at drift_mps along x (its toe 0.25 m ahead),
// then 19 frames in the air 1 m away; 50 frames a step.
SoleFrame drifting_foot(int frame, float drift_mps) {
  SoleFrame sole;
  sole.legs = 1;
  const int step = frame / 50, in_step = frame % 50;
  sole.planted[0] = in_step <= 30;
  sole.heel[0] = sole.planted[0]
                     ? glm::vec3(step * 1.0f + drift_mps * kFrame_s * in_step, 0.0f, 0.0f)
                     : glm::vec3(step * 1.0f + 0.5f, 0.2f, 0.0f);
  sole.toe[0] = sole.heel[0] + glm::vec3(0.25f, 0.0f, 0.0f);
  return sole;
}

TEST(FootSlideMeter, APlantedFootDriftingAtAKnownSpeedIsPlottedAtThatSpeed) {
  FootSlideMeter meter;
  meter.reset(1, 40);
  FootSlide batch;
  const SlidePlaying walk{.clip = 3};
  for (int f = 0; f < 150; ++f) {  // three steps
    meter.add_frame(drifting_foot(f, 0.2f), walk, kFrame_s);
    add_slide_frame(batch, drifting_foot(f, 0.2f).heel[0], drifting_foot(f, 0.2f).toe[0],
                    drifting_foot(f, 0.2f).planted[0]);
  }
  // 30 planted intervals a step at 0.2 m/s: 0.1 m a step.
  const SlideTally& clip = meter.tally(SlideSpan::Clip);
  EXPECT_TRUE(clip.counted);
  EXPECT_EQ(clip.subject, 3);
  EXPECT_EQ(clip.steps[0], 3);
  EXPECT_NEAR(clip.slide_m[0], 0.3f, 1e-5f);
  EXPECT_NEAR(clip.duration_s, 150 * kFrame_s, 1e-4f);
  EXPECT_NEAR(slide_per_step_share(clip.slide_m[0], clip.steps[0], 0.5f), 0.2f, 1e-5f);
  // The same as the batch measure over the same frames.
  EXPECT_EQ(meter.foot(0).steps, batch.steps);
  EXPECT_FLOAT_EQ(meter.foot(0).slide_m, batch.slide_m);
  EXPECT_EQ(clip.steps[0], batch.steps);
  EXPECT_FLOAT_EQ(clip.slide_m[0], batch.slide_m);
  // The plot keeps the last 40 frames (110 to 149), oldest at the offset: frames 110..130 are
  // the third step's planted ones (the first of them starts it, so nothing has slid yet), then
  // it is in the air.
  ASSERT_EQ(meter.plot_frames(), 40);
  EXPECT_EQ(meter.plot_offset(), 150 % 40);
  for (int i = 0; i < 40; ++i) {
    const int frame = 110 + i;
    const int at = (meter.plot_offset() + i) % 40;
    const bool planted = frame % 50 <= 30;
    EXPECT_EQ(meter.plot_planted(0)[at] != 0, planted) << frame;
    const float expected = planted && frame % 50 > 0 ? 0.2f : 0.0f;
    EXPECT_NEAR(meter.plot_speeds(0)[at], expected, 1e-3f) << frame;
  }
}

TEST(FootSlideMeter, AStillFootSlidesNothingAndPausedFramesAreNotCounted) {
  FootSlideMeter meter;
  meter.reset(1, 10);
  for (int f = 0; f < 100; ++f) {
    meter.add_frame(drifting_foot(f, 0.0f), {.clip = 0}, kFrame_s);
    meter.add_frame(drifting_foot(f + 7, 0.5f), {.clip = 0}, 0.0f);  // paused: ignored
  }
  EXPECT_EQ(meter.tally(SlideSpan::Clip).steps[0], 2);
  EXPECT_FLOAT_EQ(meter.tally(SlideSpan::Clip).slide_m[0], 0.0f);
  EXPECT_NEAR(meter.tally(SlideSpan::Clip).duration_s, 100 * kFrame_s, 1e-4f);
}

TEST(FootSlideMeter, EachTallyRestartsWhenItsSpanChanges) {
  FootSlideMeter meter;
  meter.reset(1, 10);
  // 60 frames of a blend space at one point: step 1 (frames 0-30) and the start of step 2
  // (frames 50-59), sliding 0.1 m/s.
  SlidePlaying playing{.clip = 1, .blend_space = 0, .blend_point = {1.0f, 0.0f}};
  for (int f = 0; f < 60; ++f) meter.add_frame(drifting_foot(f, 0.1f), playing, kFrame_s);
  const SlideTally& point = meter.tally(SlideSpan::BlendPoint);
  EXPECT_EQ(point.subject, 0);
  EXPECT_EQ(point.steps[0], 2);
  EXPECT_NEAR(point.slide_m[0], 0.1f * 39 * kFrame_s, 1e-5f);  // 30 + 9 planted intervals
  EXPECT_FALSE(meter.tally(SlideSpan::Transition).counted);
  // The point moves mid-step (frame 60, planted): its tally restarts, counting the step it is in;
  // the clip's goes on. A transition starts at frame 65 and runs 10 frames.
  playing.blend_point = {1.5f, 0.0f};
  for (int f = 60; f < 80; ++f) {
    playing.transition = f >= 65 && f < 75 ? 4 : -1;
    meter.add_frame(drifting_foot(f, 0.1f), playing, kFrame_s);
  }
  EXPECT_EQ(point.blend_point, glm::vec2(1.5f, 0.0f));
  EXPECT_EQ(point.steps[0], 1);
  EXPECT_NEAR(point.slide_m[0], 0.1f * 20 * kFrame_s, 1e-5f);  // frames 60-80: 20 intervals
  EXPECT_NEAR(point.duration_s, 20 * kFrame_s, 1e-5f);
  const SlideTally& clip = meter.tally(SlideSpan::Clip);
  EXPECT_EQ(clip.steps[0], 2);
  EXPECT_NEAR(clip.slide_m[0], 0.1f * 59 * kFrame_s, 1e-5f);
  // The transition's 10 frames (65-74), kept after it ended.
  const SlideTally& transition = meter.tally(SlideSpan::Transition);
  EXPECT_TRUE(transition.counted);
  EXPECT_EQ(transition.subject, 4);
  EXPECT_EQ(transition.steps[0], 1);
  EXPECT_NEAR(transition.slide_m[0], 0.1f * 10 * kFrame_s, 1e-5f);
  EXPECT_NEAR(transition.duration_s, 10 * kFrame_s, 1e-5f);
  // Another clip restarts the clip's tally; restart() forgets everything.
  playing.clip = 2;
  meter.add_frame(drifting_foot(81, 0.1f), playing, kFrame_s);
  EXPECT_EQ(clip.subject, 2);
  EXPECT_EQ(clip.steps[0], 0);  // frame 81 is in the air
  EXPECT_NEAR(clip.duration_s, kFrame_s, 1e-6f);
  meter.restart();
  EXPECT_FALSE(meter.tally(SlideSpan::Clip).counted);
  EXPECT_FALSE(meter.tally(SlideSpan::Transition).counted);
  EXPECT_EQ(meter.plot_offset(), 0);
  EXPECT_EQ(meter.foot(0).steps, 0);
  for (const float speed : meter.plot_speeds(0)) EXPECT_EQ(speed, 0.0f);
}

TEST(FootSlideMeter, FeetBeyondTheMetersAreLeftOut) {
  FootSlideMeter meter;
  meter.reset(9, 5);
  EXPECT_EQ(meter.feet(), kMaxFootIkLegs);
  meter.reset(2, 5);
  // A frame with one leg feeds the first foot only.
  for (int f = 0; f < 40; ++f) meter.add_frame(drifting_foot(f, 0.3f), {}, kFrame_s);
  EXPECT_NEAR(meter.tally(SlideSpan::Clip).slide_m[0], 0.3f * 30 * kFrame_s, 1e-5f);
  EXPECT_EQ(meter.tally(SlideSpan::Clip).steps[1], 0);
  EXPECT_FLOAT_EQ(meter.tally(SlideSpan::Clip).slide_m[1], 0.0f);
}

}  // namespace
}  // namespace anim
