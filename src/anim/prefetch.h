#pragma once
// Cache hints for state that a coming update will read or write. They change no value: a crowd
// asks for the next instance's state while it updates one, so the loads from memory overlap
// that work instead of stalling the next update one cache line at a time (1000 instances'
// state is far larger than the caches; each frame finds it in memory).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

namespace anim {

inline constexpr std::size_t kCacheLineBytes = 64;

// Asks for bytes bytes from data into the second-level cache (large enough to hold them until
// the next update starts). A hint: compilers without __builtin_prefetch do nothing.
inline void prefetch_bytes(const void* data, std::size_t bytes) {
#if defined(__GNUC__) || defined(__clang__)
  // Every line the bytes lie on, the first and last included where they start or end mid-line.
  const auto end = reinterpret_cast<std::uintptr_t>(data) + bytes;
  for (auto line = reinterpret_cast<std::uintptr_t>(data) & ~(kCacheLineBytes - 1); line < end;
       line += kCacheLineBytes) {
    __builtin_prefetch(reinterpret_cast<const void*>(line), 0, 2);
  }
#else
  (void)data;
  (void)bytes;
#endif
}

// Memory an update touched, to ask for before the next one.
struct PrefetchRange {
  const void* data = nullptr;
  std::size_t bytes = 0;
};

template <typename T>
PrefetchRange range_of(std::span<const T> values) {
  return {values.data(), values.size_bytes()};
}

// Appends the memory of values to out at written, when it holds any and out has room.
template <typename T>
void note_range(std::span<const T> values, std::span<PrefetchRange> out, std::size_t& written) {
  if (!values.empty() && written < out.size()) out[written++] = range_of(values);
}

// Orders ranges by address and merges those that share or touch a cache line, in place (no
// allocation), dropping empty ones: each line is then asked for once, in as few ranges as it
// takes. Returns how many ranges are left, at the front of ranges.
inline std::size_t merge_ranges(std::span<PrefetchRange> ranges) {
  const auto begin = [](const PrefetchRange& r) {
    return reinterpret_cast<std::uintptr_t>(r.data);
  };
  std::sort(ranges.begin(), ranges.end(),
            [&](const PrefetchRange& a, const PrefetchRange& b) { return begin(a) < begin(b); });
  std::size_t kept = 0;
  for (const PrefetchRange& r : ranges) {
    if (r.bytes == 0) continue;
    if (kept > 0) {
      PrefetchRange& last = ranges[kept - 1];
      const std::uintptr_t last_end = begin(last) + last.bytes;
      if (begin(r) / kCacheLineBytes <= (last_end - 1) / kCacheLineBytes + 1) {
        last.bytes = std::max(last_end, begin(r) + r.bytes) - begin(last);
        continue;
      }
    }
    ranges[kept++] = r;
  }
  return kept;
}

inline void prefetch(std::span<const PrefetchRange> ranges) {
  for (const PrefetchRange& r : ranges) prefetch_bytes(r.data, r.bytes);
}

}  // namespace anim
