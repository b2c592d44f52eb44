// Float tracks rewritten on common keys (a glTF node's weights channel): shared keys copied,
// Step or Linear tracks on the union of their keys (the same curves), mixed ones resampled.

#include "anim/common_keys.h"

#include <gtest/gtest.h>

#include <vector>

namespace anim {
namespace {

FloatTrack track(Interpolation interpolation, std::vector<float> times, std::vector<float> values) {
  FloatTrack t;
  t.interpolation = interpolation;
  t.times_s = std::move(times);
  t.values = std::move(values);
  return t;
}

TEST(CommonKeys, StepTracksGoOnTheUnionOfTheirKeysAndAbsentOnesHoldTheirDefault) {
  const FloatTrack a = track(Interpolation::Step, {0.0f, 1.0f}, {0.1f, 0.9f});
  const FloatTrack b = track(Interpolation::Step, {0.0f, 0.5f}, {0.3f, 0.6f});
  const FloatTrack* tracks[] = {&a, &b, nullptr};
  const float defaults[] = {0.0f, 0.0f, 0.25f};
  const std::vector<FloatTrack> out = on_common_keys(tracks, defaults, 30.0f);
  ASSERT_EQ(out.size(), 3u);
  for (const FloatTrack& t : out) {
    EXPECT_EQ(t.interpolation, Interpolation::Step);
    EXPECT_EQ(t.times_s, (std::vector<float>{0.0f, 0.5f, 1.0f}));
  }
  EXPECT_EQ(out[0].values, (std::vector<float>{0.1f, 0.1f, 0.9f}));
  EXPECT_EQ(out[1].values, (std::vector<float>{0.3f, 0.6f, 0.6f}));
  EXPECT_EQ(out[2].values, (std::vector<float>{0.25f, 0.25f, 0.25f}));
}

TEST(CommonKeys, SharedCubicKeysAreCopiedAndMixedInterpolationsResampledPerFrame) {
  const FloatTrack cubic = track(Interpolation::CubicSpline, {0.0f, 1.0f}, {0, 0, 2, 0, 1, 0});
  const FloatTrack* same[] = {&cubic, nullptr};
  const float defaults[] = {0.0f, 0.5f};
  std::vector<FloatTrack> out = on_common_keys(same, defaults, 30.0f);
  EXPECT_EQ(out[0].values, cubic.values);
  EXPECT_EQ(out[1].values, (std::vector<float>{0.0f, 0.5f, 0.0f, 0.0f, 0.5f, 0.0f}));
  // Step with Linear: Linear keys at the union and every frame at 4 fps up to 1 s.
  const FloatTrack step = track(Interpolation::Step, {0.0f, 0.6f}, {0.0f, 1.0f});
  const FloatTrack linear = track(Interpolation::Linear, {0.0f, 1.0f}, {0.0f, 1.0f});
  const FloatTrack* mixed[] = {&step, &linear};
  out = on_common_keys(mixed, defaults, 4.0f);
  EXPECT_EQ(out[0].interpolation, Interpolation::Linear);
  EXPECT_EQ(out[0].times_s, (std::vector<float>{0.0f, 0.25f, 0.5f, 0.6f, 0.75f, 1.0f}));
  EXPECT_EQ(out[0].values, (std::vector<float>{0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f}));
  EXPECT_NEAR(out[1].values[3], 0.6f, 1e-6f);
}

}  // namespace
}  // namespace anim
