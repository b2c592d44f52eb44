#include "anim/play_rate_hold.h"

#include <algorithm>
#include <cmath>

#include "anim/index.h"

namespace anim {

float hold_play_rate(PlayRateHold& hold, float needed_rate, float cycles_played) {
  constexpr float kSlice = 1.0f / static_cast<float>(kPlayRateHoldSlices);
  const bool needed = std::isfinite(needed_rate);
  if (needed) hold.filling_peak = std::max(hold.filling_peak, needed_rate);
  if (std::isfinite(cycles_played) && cycles_played > 0.0f) {
    hold.filling_cycles += cycles_played;
    // A frame longer than a cycle closes every slice (the older ones hold nothing it needed).
    hold.filling_cycles = std::min(hold.filling_cycles, 1.0f + kSlice);
  }
  while (hold.filling_cycles >= kSlice) {
    nth(hold.slice_peaks, hold.oldest) = hold.filling_peak;
    hold.oldest = (hold.oldest + 1) % kPlayRateHoldSlices;
    // The frame that closes a slice begins the next: its need is held from there.
    hold.filling_peak = needed ? needed_rate : 0.0f;
    hold.filling_cycles -= kSlice;
  }
  const float held = std::max(hold.filling_peak,
                              *std::max_element(hold.slice_peaks.begin(), hold.slice_peaks.end()));
  return held > 0.0f ? held : 1.0f;
}

}  // namespace anim
