#include "anim/clip_filter.h"

#include <gtest/gtest.h>

#include <cmath>

namespace anim {
namespace {

// A take at 30 fps: the hips rising 0.1 m/s with 1 cm of jitter alternating every frame (15 Hz,
// the Nyquist frequency, where a Butterworth low-pass gains nothing), a stepped channel, a marker.
Clip jittery_take() {
  Clip clip;
  clip.name = "take";
  clip.duration_s = 2.0f;
  clip.source_fps = 30.0f;
  clip.markers.push_back({"foot_l_down", 0.5f});
  JointTrack hips;
  hips.joint_name = "hips";
  for (int i = 0; i <= 60; ++i) {
    const float t = i / 30.0f;
    hips.translation.times_s.push_back(t);
    hips.translation.values.push_back(
        glm::vec3(0.0f, 1.0f + 0.1f * t + (i % 2 ? 0.01f : -0.01f), 0.0f));
  }
  hips.scale.interpolation = Interpolation::Step;
  hips.scale.times_s = {0.0f, 1.0f, 2.0f};
  hips.scale.values = {glm::vec3(1.0f), glm::vec3(2.0f), glm::vec3(1.0f)};
  clip.tracks.push_back(hips);
  return clip;
}

TEST(ClipFilter, ButterworthRemovesJitterAndKeepsTheMotion) {
  MotionFilter filter;
  ASSERT_EQ(parse_motion_filter("butterworth:6Hz", filter), "");
  const Clip clip = jittery_take();
  std::string error;
  const Clip smooth = filter_clip(clip, filter, &error);
  EXPECT_EQ(error, "");
  const Vec3Track& t = smooth.tracks[0].translation;
  ASSERT_EQ(t.times_s.size(), 61u);
  EXPECT_EQ(t.interpolation, Interpolation::Linear);
  for (int i = 10; i <= 50; ++i) {
    EXPECT_NEAR(t.values[i].y, 1.0f + 0.1f * t.times_s[i], 1e-4f) << i;
  }
  // Stepped holds are meant: kept. So are markers, name and timing.
  EXPECT_EQ(smooth.tracks[0].scale.values, clip.tracks[0].scale.values);
  EXPECT_EQ(smooth.markers.size(), 1u);
  EXPECT_EQ(smooth.name, "take");
  EXPECT_FLOAT_EQ(smooth.duration_s, 2.0f);
}

TEST(ClipFilter, AFilterTheClipsRateCannotCarryLeavesItAndSaysWhy) {
  MotionFilter filter;
  ASSERT_EQ(parse_motion_filter("butterworth:20Hz", filter), "");
  const Clip clip = jittery_take();
  std::string error;
  const Clip same = filter_clip(clip, filter, &error);
  EXPECT_NE(error.find("take: the cutoff"), std::string::npos) << error;
  EXPECT_EQ(same.tracks[0].translation.values, clip.tracks[0].translation.values);
}

}  // namespace
}  // namespace anim
