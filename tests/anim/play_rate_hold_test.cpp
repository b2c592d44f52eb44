// The play rate stride warping holds over a cycle (#41): up at once, down with a 2 s half-life.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/play_rate_hold.h"

namespace {

TEST(PlayRateHold, RisesAtOnceToTheRateNeeded) {
  EXPECT_FLOAT_EQ(anim::held_play_rate(1.2f, 1.5f, 1.0f / 60.0f), 1.5f);
  EXPECT_FLOAT_EQ(anim::held_play_rate(std::nanf(""), 1.3f, 1.0f / 60.0f), 1.3f);
}

TEST(PlayRateHold, EasesDownWithItsHalfLife) {
  // One half-life closes half the gap: 1.4 toward 1.0 over 2 s is 1.2; two are 1.1.
  EXPECT_NEAR(anim::held_play_rate(1.4f, 1.0f, 2.0f), 1.2f, 1e-6f);
  EXPECT_NEAR(anim::held_play_rate(1.4f, 1.0f, 4.0f), 1.1f, 1e-6f);
  // Frame by frame the same: 120 frames of 1/60 s are 2 s.
  float held = 1.4f;
  for (int f = 0; f < 120; ++f) held = anim::held_play_rate(held, 1.0f, 1.0f / 60.0f);
  EXPECT_NEAR(held, 1.2f, 1e-5f);
}

TEST(PlayRateHold, APausedFrameOrABadRateKeepsTheHeldRate) {
  EXPECT_FLOAT_EQ(anim::held_play_rate(1.4f, 1.0f, 0.0f), 1.4f);
  EXPECT_FLOAT_EQ(anim::held_play_rate(1.4f, 1.0f, std::numeric_limits<float>::infinity()), 1.4f);
  EXPECT_FLOAT_EQ(anim::held_play_rate(1.4f, std::nanf(""), 0.1f), 1.4f);
}

}  // namespace
