#pragma once
// Cache hints for state that a coming update will read or write. They change no value: a crowd
// asks for the next instance's state while it updates one, so the loads from memory overlap
// that work instead of stalling the next update one cache line at a time (1000 instances'
// state is far larger than the caches; each frame finds it in memory).

#include <cstddef>
#include <span>

namespace anim {

inline constexpr std::size_t kCacheLineBytes = 64;

// Asks for bytes bytes from data into the second-level cache (large enough to hold them until
// the next update starts). A hint: compilers without __builtin_prefetch do nothing.
inline void prefetch_bytes(const void* data, std::size_t bytes) {
#if defined(__GNUC__) || defined(__clang__)
  const char* p = static_cast<const char*>(data);
  for (std::size_t b = 0; b < bytes; b += kCacheLineBytes) __builtin_prefetch(p + b, 0, 2);
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

inline void prefetch(std::span<const PrefetchRange> ranges) {
  for (const PrefetchRange& r : ranges) prefetch_bytes(r.data, r.bytes);
}

}  // namespace anim
