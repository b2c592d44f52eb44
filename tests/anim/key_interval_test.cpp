// find_key_interval: the interval it finds is the binary search's over the whole channel, from
// any cursor (out of range too): on it, a few keys before or after t, far ahead (the gallop),
// behind t (a loop's wrap); at and past the last key; on even and uneven keys, repeated times.

#include "anim/key_interval.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace anim {
namespace {

// The interval a binary search over every key finds: the last key at or before t.
std::uint32_t searched_interval(const std::vector<float>& times, float t) {
  return static_cast<std::uint32_t>(std::upper_bound(times.begin(), times.end(), t) -
                                    times.begin()) -
         1;
}

std::vector<float> even_times(std::size_t keys, float step_s) {
  std::vector<float> times;
  for (std::size_t k = 0; k < keys; ++k) times.push_back(static_cast<float>(k) * step_s);
  return times;
}

TEST(KeyInterval, SevenKeysAheadIsFoundByGalloping) {
  // The demo's idle: 120 Hz keys played at 3.6 times its pace, seven keys a frame.
  const std::vector<float> times = even_times(481, 1.0f / 120.0f);
  EXPECT_EQ(find_key_interval(times, 0.0600069f, 0), 7u);
  EXPECT_EQ(find_key_interval(times, 1.46063f, 168), 175u);
  EXPECT_EQ(find_key_interval(times, 3.99f, 0), 478u);  // the last interval, from the start
  // At or past the last key (which callers answer before searching): the last key, as the
  // whole channel's search says, from near and far.
  for (const float t : {times.back(), times.back() + 1.0f}) {
    for (const std::uint32_t cursor : {0u, 400u, 478u}) {
      EXPECT_EQ(find_key_interval(times, t, cursor), searched_interval(times, t)) << t;
    }
  }
}

TEST(KeyInterval, EqualsTheWholeChannelsSearchFromAnyCursor) {
  std::mt19937 random(46);
  for (int channel = 0; channel < 200; ++channel) {
    // Uneven keys, some of them at the same time (as a step key's pair can be).
    std::uniform_real_distribution<float> gap(0.0f, 0.05f);
    std::uniform_int_distribution<std::size_t> count(2, 600);
    std::vector<float> times(count(random));
    float time = gap(random);
    for (float& t : times) {
      t = time;
      if (random() % 8 != 0) time += gap(random) + 1e-4f;
    }
    if (times.back() == times.front()) times.back() += 0.01f;
    const auto keys = static_cast<std::uint32_t>(times.size());
    std::uniform_real_distribution<float> at(std::nextafter(times.front(), times.back()),
                                             times.back());
    std::uniform_int_distribution<std::uint32_t> anywhere(0, keys + 2);
    for (int query = 0; query < 300; ++query) {
      const float t = at(random);
      if (!(t > times.front() && t < times.back())) continue;
      const std::uint32_t expected = searched_interval(times, t);
      // Cursors on the interval, just behind or ahead of it, far from it, and out of range.
      const std::uint32_t cursors[] = {expected,
                                       expected >= 3 ? expected - 3 : 0,
                                       expected >= 7 ? expected - 7 : 0,
                                       expected >= 40 ? expected - 40 : 0,
                                       std::min(expected + 1, keys - 1),
                                       anywhere(random),
                                       keys + 5};
      for (const std::uint32_t cursor : cursors) {
        ASSERT_EQ(find_key_interval(times, t, cursor), expected)
            << "channel " << channel << ", " << keys << " keys, t " << t << ", cursor " << cursor;
      }
    }
  }
}

}  // namespace
}  // namespace anim
