#pragma once
// The key interval holding a time, searched from where the last search ended: what clip sampling
// and root motion tracks both ask of a channel's key times.

#include <cstdint>
#include <vector>

namespace anim {

// Index k of the key interval [times[k], times[k+1]) holding t, for times[0] < t < times.back(),
// when the cursor's interval and the next one missed: a few steps forward from the cursor (a
// frame skipped several keys), then binary search (seek, reverse playback, foreign cursor). Out
// of line, so the callers' hot paths (the cursor's interval, then the next) stay small.
std::uint32_t find_key_interval(const std::vector<float>& times, float t, std::uint32_t cursor);

}  // namespace anim
