#include "anim/key_interval.h"

#include <algorithm>

namespace anim {

[[gnu::noinline]] std::uint32_t find_key_interval(const std::vector<float>& times, float t,
                                                  std::uint32_t cursor) {
  const std::uint32_t last_interval = static_cast<std::uint32_t>(times.size()) - 2;
  std::uint32_t k = cursor <= last_interval ? cursor : 0;
  if (times[k] <= t) {
    for (int step = 0; step < 4 && k <= last_interval; ++step, ++k) {
      if (t < times[k + 1]) return k;
    }
  }
  const auto upper = std::upper_bound(times.begin(), times.end(), t);
  return static_cast<std::uint32_t>(upper - times.begin()) - 1;
}

}  // namespace anim
