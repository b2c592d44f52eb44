#pragma once
// The play rate stride warping asks, held over the gait's cycle: the planted legs' reach caps
// the stride only over part of each stance (the Knight's long left stance), and a rate that
// followed the cap frame by frame would swing within every cycle (1.0 stride x 1.4 rate, then
// 1.4 x 1.0: the walk visibly quickens and slows). The held rate rises at once to what the reach
// needs, so the planted feet stay within it, and eases back down slowly, so that at a steady
// request it stays near the cycle's peak; the stride takes the rest of the speed asked. No
// allocation.

namespace anim {

// How long the held rate takes to close half its gap down to the rate needed (seconds): two of
// the Knight's walk cycles (1.07 s), so that between two peaks a cycle apart it loses at most
// 1 - 2^(-1.07 / 2) = 31% of its excess over the rate needed.
inline constexpr float kPlayRateHoldHalfLife_s = 2.0f;

// The held rate after dt_s: needed_rate when it is at least held_rate (or held_rate is not
// finite), else held_rate eased toward it with kPlayRateHoldHalfLife_s. held_rate when dt_s is
// not positive or not finite (a paused frame) or needed_rate is not finite.
float held_play_rate(float held_rate, float needed_rate, float dt_s);

}  // namespace anim
