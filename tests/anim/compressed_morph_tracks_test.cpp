// Compressed shape tracks: smaller than their keys, and within the stated weight error of the
// original at every time (checked densely, not only at keys), through the same sampler the
// frame uses (sample_morph_weights).
#include "anim/compressed_morph_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "anim/clip_sampling.h"
#include "anim/morph_weights.h"

namespace anim {
namespace {

const std::vector<MorphChannel> kChannels = {
    {"Face", "Smile", 0.0f}, {"Face", "Blink", 0.25f}, {"Face", "Jaw", 0.0f}};

// Smile: a wave with a key on every frame of 2 s at 30 fps; Blink: three sparse keys; Jaw: a
// CubicSpline bump (in-tangent, value, out-tangent per key).
Clip face_clip() {
  Clip clip;
  clip.name = "talk";
  clip.duration_s = 2.0f;
  clip.source_fps = 30.0f;
  MorphTrack smile{"Face", "Smile", {}};
  for (int f = 0; f <= 60; ++f) {
    smile.weight.times_s.push_back(static_cast<float>(f) / 30.0f);
    smile.weight.values.push_back(0.5f + 0.5f * std::sin(0.15f * static_cast<float>(f)));
  }
  MorphTrack blink{"Face", "Blink", {}};
  blink.weight.times_s = {0.0f, 0.7f, 2.0f};
  blink.weight.values = {0.0f, 1.0f, 0.1f};
  MorphTrack jaw{"Face", "Jaw", {}};
  jaw.weight.interpolation = Interpolation::CubicSpline;
  jaw.weight.times_s = {0.0f, 1.0f, 2.0f};
  jaw.weight.values = {0, 0, 2, 0, 1, 0, -2, 0, 0};
  clip.morph_tracks = {smile, blink, jaw};
  return clip;
}

std::vector<int> all_bound(const Clip& clip) {
  std::vector<int> map;
  for (std::size_t t = 0; t < clip.morph_tracks.size(); ++t) map.push_back(static_cast<int>(t));
  return map;
}

TEST(CompressedMorphTracks, StayWithinTheToleranceAtEveryTime) {
  const Clip clip = face_clip();
  constexpr float kTolerance = 1e-3f;
  std::string why;
  const CompressedMorphTracks c = compress_morph_tracks(clip, all_bound(clip), kTolerance, &why);
  ASSERT_FALSE(c.empty()) << why;
  // The linear tracks against their keys, 20001 times over the clip (every 0.1 ms).
  for (std::size_t t = 0; t < 2; ++t) {
    std::uint32_t original_cursor = 0, cursor = 0;
    float worst = 0.0f;
    for (int i = 0; i <= 20000; ++i) {
      const float time = clip.duration_s * static_cast<float>(i) / 20000.0f;
      const float original = sample_track(clip.morph_tracks[t].weight, time, original_cursor, 0);
      worst =
          std::max(worst, std::fabs(sample_compressed_morph_track(c, t, time, cursor) - original));
    }
    EXPECT_LE(worst, kTolerance) << clip.morph_tracks[t].target_name;
    EXPECT_GT(worst, 0.0f) << "quantized, so not exact";
  }
  // The CubicSpline track against the spline at each frame (it is sampled on frames).
  std::uint32_t original_cursor = 0, cursor = 0;
  for (int f = 0; f <= 60; ++f) {
    const float time = static_cast<float>(f) / 30.0f;
    const float original = sample_track(clip.morph_tracks[2].weight, time, original_cursor, 0);
    EXPECT_NEAR(sample_compressed_morph_track(c, 2, time, cursor), original, kTolerance)
        << "frame " << f;
  }
  // The wave keeps fewer than its 61 keys, and 4 bytes a key instead of 8.
  EXPECT_LT(c.tracks[0].key_count, 61u);
  EXPECT_EQ(c.tracks[1].key_count, 3u);  // nothing to drop from three straight pieces
  const std::size_t key_bytes = (61 + 3 + 3) * sizeof(float) + (61 + 3 + 9) * sizeof(float);
  EXPECT_LT(c.byte_size(), key_bytes);  // times, then values (a CubicSpline key holds three)
}

TEST(CompressedMorphTracks, TheFramesSamplerReadsThemWithinTheTolerance) {
  const Clip clip = face_clip();
  const MorphBinding exact = bind_morph_tracks(clip, kChannels);
  const MorphBinding compressed = bind_morph_tracks(clip, kChannels, 1e-3f);
  ASSERT_FALSE(compressed.compressed.empty());
  EXPECT_FALSE(compressed.baked());
  std::vector<std::uint32_t> exact_cursors(3), cursors(3);
  std::vector<float> expected(3), weights(3);
  for (int i = 0; i <= 600; ++i) {
    const float time = 2.0f * static_cast<float>(i) / 600.0f;
    ASSERT_TRUE(sample_morph_weights(clip, exact, kChannels, time, exact_cursors, expected));
    ASSERT_TRUE(sample_morph_weights(clip, compressed, kChannels, time, cursors, weights));
    for (int s = 0; s < 2; ++s) EXPECT_NEAR(weights[s], expected[s], 1e-3f) << time;
  }
}

TEST(CompressedMorphTracks, AnUnboundTrackIsNotStoredAndItsChannelKeepsItsDefault) {
  Clip clip = face_clip();
  clip.morph_tracks[1].target_name = "Frown";  // the character has no Frown
  const MorphBinding binding = bind_morph_tracks(clip, kChannels, 1e-3f);
  ASSERT_FALSE(binding.compressed.empty());
  EXPECT_EQ(binding.compressed.tracks[1].key_count, 0u);
  std::vector<std::uint32_t> cursors(3);
  std::vector<float> weights(3);
  ASSERT_TRUE(sample_morph_weights(clip, binding, kChannels, 0.7f, cursors, weights));
  EXPECT_EQ(weights[1], 0.25f);  // Blink's default
}

TEST(CompressedMorphTracks, StepTracksAndImpossibleTolerancesKeepTheExactForm) {
  Clip clip = face_clip();
  std::string why;
  EXPECT_TRUE(compress_morph_tracks(clip, all_bound(clip), 1e-7f, &why).empty());
  EXPECT_NE(why.find("Smile"), std::string::npos) << why;
  clip.morph_tracks[1].weight.interpolation = Interpolation::Step;
  EXPECT_TRUE(compress_morph_tracks(clip, all_bound(clip), 1e-3f, &why).empty());
  EXPECT_NE(why.find("Blink"), std::string::npos) << why;
  EXPECT_TRUE(compress_morph_tracks(clip, {0, 1}, 1e-3f, &why).empty());  // another clip's
  EXPECT_TRUE(compress_morph_tracks(clip, all_bound(clip), 0.0f, &why).empty());
  // Bound with compression asked for, the clip samples its exact keys: Blink steps at 0.7 s.
  const MorphBinding binding = bind_morph_tracks(clip, kChannels, 1e-3f);
  EXPECT_TRUE(binding.compressed.empty());
  std::vector<std::uint32_t> cursors(3);
  std::vector<float> weights(3);
  ASSERT_TRUE(sample_morph_weights(clip, binding, kChannels, 0.69f, cursors, weights));
  EXPECT_EQ(weights[1], 0.0f);
}

}  // namespace
}  // namespace anim
