// What a crowd asks the caches for before sampling a compressed clip: the sampling context's
// memory of the clip's runs of animated groups, and nothing of its constant groups.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/clip_sampling.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "joint_adding.h"

namespace anim {
namespace {

// Twelve joints in a chain (three groups of four): joints 0 and 9 move (translation), joints 1
// to 5 turn (rotation), nothing scales. Three keys each, the middle one off the line between the
// ends, so that compression keeps them animated.
struct TwelveJoints {
  Skeleton skeleton;
  Clip clip;
  TwelveJoints() {
    for (int j = 0; j < 12; ++j) {
      testing::add_joint(skeleton, "j" + std::to_string(j), j - 1, {0, 0.1f, 0});
    }
    clip.duration_s = 1.0f;
    for (int j : {0, 9}) {
      JointTrack track;
      track.joint_name = "j" + std::to_string(j);
      track.translation.times_s = {0.0f, 0.5f, 1.0f};
      track.translation.values = {{0, 0.1f, 0}, {0.3f, 0.1f, 0}, {0, 0.1f, 0}};
      clip.tracks.push_back(track);
    }
    for (int j = 1; j <= 5; ++j) {
      JointTrack track;
      track.joint_name = "j" + std::to_string(j);
      track.rotation.times_s = {0.0f, 0.5f, 1.0f};
      const glm::quat turned = glm::angleAxis(0.8f, glm::vec3(1, 0, 0));
      track.rotation.values = {glm::quat(1, 0, 0, 0), turned, glm::quat(1, 0, 0, 0)};
      clip.tracks.push_back(track);
    }
  }
};

TEST(CompressedSamplingRanges, AskForTheContextOfEachRunOfAnimatedGroups) {
  const TwelveJoints t;
  const ClipBinding binding = bind_clip(t.clip, t.skeleton, {.compress = true});
  const CompressedClip& c = binding.compressed;
  ASSERT_FALSE(c.empty());
  // Groups 0 (joints 0-3) and 2 (8-11) move, group 1 does not: two runs; the turns fill groups
  // 0 and 1, one run of two.
  EXPECT_EQ(c.translations.animated_groups, (std::vector<std::uint8_t>{1, 0, 1}));
  EXPECT_EQ(c.rotations.animated_groups, (std::vector<std::uint8_t>{1, 1, 0}));
  EXPECT_EQ(c.scales.animated_groups, (std::vector<std::uint8_t>{0, 0, 0}));

  const SamplingCache cache(t.clip, binding);
  const DecodedChannel& tr = cache.compressed.translation;
  const DecodedChannel& rot = cache.compressed.rotation;
  // A translation group's block: t0 and 1 / interval of four joints, then their two keys' three
  // components: 8 + 24 floats. A rotation group's: 8 + 32 floats.
  const std::array<PrefetchRange, 8> expected = {{
      {tr.group(0), 32 * 4},
      {tr.t1.data(), 4 * 4},
      {tr.range_slot.data(), 4 * 2},
      {tr.group(2), 32 * 4},
      {tr.t1.data() + 8, 4 * 4},
      {tr.range_slot.data() + 8, 4 * 2},
      {rot.group(0), 2 * 40 * 4},
      {rot.t1.data(), 8 * 4},
  }};
  std::array<PrefetchRange, 16> out{};
  ASSERT_EQ(sampling_ranges(c, cache.compressed, out), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(out[i].data, expected[i].data) << "range " << i;
    EXPECT_EQ(out[i].bytes, expected[i].bytes) << "range " << i;
  }
  // Room for fewer: the first ones, as many as fit.
  std::array<PrefetchRange, 4> few{};
  ASSERT_EQ(sampling_ranges(c, cache.compressed, few), few.size());
  EXPECT_EQ(few[3].data, expected[3].data);
}

}  // namespace
}  // namespace anim
