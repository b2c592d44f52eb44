// Prefetch hints' ranges merged: ordered by address, each cache line asked for once.
#include "anim/prefetch.h"

#include <gtest/gtest.h>

#include <array>

namespace anim {
namespace {

TEST(MergeRanges, OrdersByAddressAndJoinsRangesThatShareOrTouchALine) {
  alignas(64) static std::array<char, 1024> buffer{};
  const char* b = buffer.data();
  std::array<PrefetchRange, 6> ranges = {{
      {b + 130, 10},  // line 2: the line after the last one of the range at 0
      {b + 640, 64},  // line 10, alone
      {b + 0, 70},    // lines 0 and 1
      {b + 200, 0},   // empty: dropped
      {b + 200, 4},   // line 3: the line after line 2
      {b + 320, 8},   // line 5: line 4 lies between it and line 3, so it stays apart
  }};
  const std::size_t n = merge_ranges(ranges);
  ASSERT_EQ(n, 3u);
  EXPECT_EQ(ranges[0].data, b);
  EXPECT_EQ(ranges[0].bytes, 204u);
  EXPECT_EQ(ranges[1].data, b + 320);
  EXPECT_EQ(ranges[1].bytes, 8u);
  EXPECT_EQ(ranges[2].data, b + 640);
  EXPECT_EQ(ranges[2].bytes, 64u);
}

TEST(MergeRanges, ARangeInsideAnotherLeavesItsEnd) {
  alignas(64) static std::array<char, 512> buffer{};
  const char* b = buffer.data();
  std::array<PrefetchRange, 3> ranges = {{{b + 64, 10}, {b, 300}, {b + 100, 20}}};
  ASSERT_EQ(merge_ranges(ranges), 1u);
  EXPECT_EQ(ranges[0].data, b);
  EXPECT_EQ(ranges[0].bytes, 300u);
}

}  // namespace
}  // namespace anim
