#pragma once
// The play rate stride warping asks, held over the gait's cycle: the planted legs' reach caps
// the stride only over part of each stance (the Knight's long left stance), and a rate that
// followed the cap frame by frame would swing within every cycle (1.0 stride x 1.4 rate, then
// 1.4 x 1.0: the walk visibly quickens and slows). The held rate is the most the reach needed
// over the last cycle played, so at a steady request it stays at the cycle's peak, and once a
// need ends (a burst as the point jumps, a speed asked that drops) it is let go a cycle later
// rather than eased down over seconds. The stride takes the rest of the speed asked. Fixed-size
// state, no allocation.

#include <array>

namespace anim {

// How many slices of a cycle the hold keeps the peaks of: a need is let go between 1 and
// 1 + 1 / kPlayRateHoldSlices cycles after it ends.
inline constexpr int kPlayRateHoldSlices = 8;

// The needs of the last cycle, as the peak of each of its slices (a ring; 0: none yet) and of
// the slice being filled. Value-initialized: nothing held.
struct PlayRateHold {
  std::array<float, kPlayRateHoldSlices> slice_peaks{};
  int oldest = 0;               // the ring's slot the next closed slice overwrites
  float filling_peak = 0.0f;    // the most needed since the filling slice began
  float filling_cycles = 0.0f;  // how much of a cycle the filling slice has covered
};

// Folds needed_rate into hold, which has played cycles_played of a gait cycle since the last
// call (the sources' advance over the cycle's length), and returns the rate held: the most needed
// since at least one cycle ago (every need is held for a whole cycle after it, so a need that
// peaks once a cycle holds the rate steady) and at most 1 + 1 / kPlayRateHoldSlices cycles ago.
// A needed_rate that is not finite folds nothing in; a cycles_played that is not finite or not
// positive (a paused frame) advances nothing. 1 while nothing is held.
float hold_play_rate(PlayRateHold& hold, float needed_rate, float cycles_played);

}  // namespace anim
