// The play rate stride warping holds over a gait cycle (#41): the most needed over the last
// cycle, let go between 1 and 1 + 1/8 cycles after the need ends.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/play_rate_hold.h"

namespace {

// A cycle in 64 frames: a slice (1/8 cycle) closes on every 8th frame (7, 15, ...), exactly
// (1/64 is a power of two, so the sums carry no rounding).
constexpr float kFrameCycles = 1.0f / 64.0f;

TEST(PlayRateHold, RisesAtOnceToTheRateNeeded) {
  anim::PlayRateHold hold;
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.2f, kFrameCycles), 1.2f);
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.5f, kFrameCycles), 1.5f);
}

TEST(PlayRateHold, NothingHeldIsTheRateNeededOrOne) {
  anim::PlayRateHold hold;
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, std::nanf(""), kFrameCycles), 1.0f);
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, kFrameCycles), 1.0f);
}

// A burst of 1.5 on the first frame, then 1.0: the burst's slice (frames 0 to 7) closes on frame
// 7 and is held until the ring's 8 slots have been filled again, on frame 7 + 64 = 71: the rate
// is 1.5 up to frame 70 and 1.0 from frame 71 on, 1.11 cycles after the burst.
TEST(PlayRateHold, ABurstIsLetGoWithinACycleAndASliceAfterIt) {
  anim::PlayRateHold hold;
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.5f, kFrameCycles), 1.5f);
  for (int frame = 1; frame < 71; ++frame) {
    ASSERT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, kFrameCycles), 1.5f) << frame;
  }
  for (int frame = 71; frame < 200; ++frame) {
    ASSERT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, kFrameCycles), 1.0f) << frame;
  }
}

// A need that peaks once a cycle (1.4 over 10 frames of every 64, 1.0 between): from the first
// peak on, the rate holds at 1.4 on every frame, since each peak is held a whole cycle.
TEST(PlayRateHold, ANeedThatPeaksOnceACycleHoldsTheRateSteady) {
  anim::PlayRateHold hold;
  for (int frame = 0; frame < 64 * 5; ++frame) {
    const float need = frame % 64 < 10 ? 1.4f : 1.0f;
    ASSERT_FLOAT_EQ(anim::hold_play_rate(hold, need, kFrameCycles), 1.4f) << frame;
  }
}

// The window is counted in cycles played: at twice the pace (32 frames a cycle) the burst is let
// go on frame 3 + 32 = 35, not 71.
TEST(PlayRateHold, TheWindowIsACycleOfTheGaitNotOfTheClock) {
  anim::PlayRateHold hold;
  anim::hold_play_rate(hold, 1.5f, 2.0f * kFrameCycles);
  for (int frame = 1; frame < 35; ++frame) {
    ASSERT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, 2.0f * kFrameCycles), 1.5f) << frame;
  }
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, 2.0f * kFrameCycles), 1.0f);
}

TEST(PlayRateHold, APausedFrameOrABadAdvanceHoldsWithoutAdvancing) {
  anim::PlayRateHold hold;
  anim::hold_play_rate(hold, 1.5f, kFrameCycles);
  for (const float advance : {0.0f, -1.0f, std::numeric_limits<float>::infinity(), std::nanf("")}) {
    EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, advance), 1.5f) << advance;
  }
  EXPECT_FLOAT_EQ(hold.filling_cycles, kFrameCycles);
}

// A frame longer than a cycle lets go of everything before it: it holds its own need alone.
TEST(PlayRateHold, AFrameLongerThanACycleHoldsItsOwnNeedAlone) {
  anim::PlayRateHold hold;
  anim::hold_play_rate(hold, 1.5f, kFrameCycles);
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.1f, 3.0f), 1.1f);
  EXPECT_FLOAT_EQ(anim::hold_play_rate(hold, 1.0f, kFrameCycles), 1.1f);
}

}  // namespace
