#include "anim/key_interval.h"

#include <algorithm>
#include <cstddef>

namespace anim {

[[gnu::noinline]] std::uint32_t find_key_interval(const std::vector<float>& times, float t,
                                                  std::uint32_t cursor) {
  const std::uint32_t last_interval = static_cast<std::uint32_t>(times.size()) - 2;
  std::uint32_t k = cursor <= last_interval ? cursor : 0;
  auto first = times.begin();
  auto last = times.end();
  if (times[k] <= t) {
    for (int step = 0; step < 4 && k <= last_interval; ++step, ++k) {
      if (t < times[k + 1]) return k;
    }
    // Further on (a clip played several times its pace, as a blend's idle kept in step with a
    // walk is: seven keys a frame): times[k] <= t, so the interval lies ahead. Gallop forward
    // to a key past t (or the end) and search only before it: a few keys instead of the whole
    // channel. The first key past t is the same whichever range ending at one the search is given.
    std::size_t below = k;  // times[below] <= t
    std::size_t span = 4;
    while (below + span < times.size() && times[below + span] <= t) {
      below += span;
      span *= 2;
    }
    first = times.begin() + static_cast<std::ptrdiff_t>(below + 1);
    last = times.begin() + static_cast<std::ptrdiff_t>(std::min(below + span, times.size()));
  }
  const auto upper = std::upper_bound(first, last, t);
  return static_cast<std::uint32_t>(upper - times.begin()) - 1;
}

}  // namespace anim
