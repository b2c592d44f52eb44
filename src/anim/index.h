// Joint, limb, track and frame numbers are int, with -1 for "none" (Skeleton::parents, the file
// formats, ozz-animation); the standard containers count with std::size_t. These two cross
// between them in one place, and check in debug builds that the number is one.
#pragma once

#include <cassert>
#include <concepts>
#include <cstddef>

namespace anim {

// A count or a known-valid number as a container size or position.
constexpr std::size_t as_size(std::same_as<int> auto n) {
  assert(n >= 0);
  return static_cast<std::size_t>(n);
}

// The element numbered i of a container (or array) indexed with std::size_t.
template <class Container>
constexpr decltype(auto) nth(Container&& c, std::same_as<int> auto i) {
  assert(i >= 0);
  if constexpr (requires { c.size(); }) assert(static_cast<std::size_t>(i) < c.size());
  return c[static_cast<std::size_t>(i)];
}

}  // namespace anim
