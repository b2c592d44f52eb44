// Compressed shape tracks: smaller than their keys, and within the stated weight error of the
// original at every time (checked densely, not only at keys), through the same sampler the
// frame uses (sample_morph_weights).
#include "anim/compressed_morph_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "anim/bound_character.h"
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

// The raw tracks' bytes: times, then values (a CubicSpline key holds three).
constexpr std::size_t kFaceKeyBytes = (61 + 3 + 3) * sizeof(float) + (61 + 3 + 9) * sizeof(float);

TEST(CompressedMorphTracks, StayWithinTheToleranceAtEveryTime) {
  const Clip clip = face_clip();
  constexpr float kTolerance = 1e-3f;
  std::string why;
  const CompressedMorphTracks c = compress_morph_tracks(clip, all_bound(clip), kTolerance, &why);
  ASSERT_FALSE(c.empty()) << why;
  ASSERT_EQ(c.track_count(), 3u);
  EXPECT_TRUE(c.channels_in_order);
  // The linear tracks against their keys, 20001 times over the clip (every 0.1 ms).
  std::uint32_t cursor = 0;
  std::vector<std::uint32_t> original_cursors(2, 0);
  std::vector<float> weights(3);
  std::vector<float> worst(2, 0.0f);
  for (int i = 0; i <= 20000; ++i) {
    const float time = clip.duration_s * static_cast<float>(i) / 20000.0f;
    sample_compressed_morph_tracks(c, time, cursor, weights);
    for (std::size_t t = 0; t < 2; ++t) {
      const float original =
          sample_track(clip.morph_tracks[t].weight, time, original_cursors[t], 0);
      worst[t] = std::max(worst[t], std::fabs(weights[t] - original));
    }
  }
  for (std::size_t t = 0; t < 2; ++t) {
    EXPECT_LE(worst[t], kTolerance) << clip.morph_tracks[t].target_name;
    EXPECT_GT(worst[t], 0.0f) << "quantized, so not exact";
  }
  // The CubicSpline track against the spline at each frame (it is sampled on frames).
  std::uint32_t original_cursor = 0;
  for (int f = 0; f <= 60; ++f) {
    const float time = static_cast<float>(f) / 30.0f;
    const float original = sample_track(clip.morph_tracks[2].weight, time, original_cursor, 0);
    sample_compressed_morph_tracks(c, time, cursor, weights);
    EXPECT_NEAR(weights[2], original, kTolerance) << "frame " << f;
  }
  // Blink's corner at 0.7 s is a shared time (a line across it would miss by far more).
  const std::uint16_t corner = static_cast<std::uint16_t>(std::lround(0.35f * 65535.0f));
  EXPECT_NE(std::find(c.times.begin(), c.times.end(), corner), c.times.end());
  // The wave and the spline need every frame of the union's 61; 2 bytes a weight instead of 8.
  EXPECT_EQ(c.times.size(), 61u);
  EXPECT_EQ(c.values.size(), c.times.size() * 3);
  EXPECT_EQ(c.byte_size(), (c.times.size() * 4) * 2 + 3 * 12);
  EXPECT_LT(c.byte_size(), kFaceKeyBytes);
}

// Every key time of every track, the clip's ends, 600 times between, and a jump back (a loop's
// wrap, which the shared cursor must survive): the frame's sampler with the compressed form
// equals the one with the exact keys within the tolerance, in less memory than the keys.
TEST(CompressedMorphTracks, TheFramesSamplerEqualsTheExactWeightsWithinTheTolerance) {
  const Clip clip = face_clip();
  constexpr float kTolerance = 1e-3f;
  const MorphBinding exact = bind_morph_tracks(clip, kChannels);
  const MorphBinding compressed = bind_morph_tracks(clip, kChannels, kTolerance);
  ASSERT_FALSE(compressed.compressed.empty());
  EXPECT_FALSE(compressed.baked());
  EXPECT_LT(compressed.compressed.byte_size(), kFaceKeyBytes);
  std::vector<float> times;
  for (const MorphTrack& track : clip.morph_tracks) {
    times.insert(times.end(), track.weight.times_s.begin(), track.weight.times_s.end());
  }
  for (int i = 0; i <= 600; ++i) times.push_back(2.0f * static_cast<float>(i) / 600.0f);
  times.insert(times.end(), {2.0f, 0.0f, 1.9999f, 0.0333f, 2.0f});
  std::vector<std::uint32_t> exact_cursors(3), cursors(3);
  std::vector<float> expected(3), weights(3);
  for (const float time : times) {
    ASSERT_TRUE(sample_morph_weights(clip, exact, kChannels, time, exact_cursors, expected));
    ASSERT_TRUE(sample_morph_weights(clip, compressed, kChannels, time, cursors, weights));
    for (int s = 0; s < 2; ++s) EXPECT_NEAR(weights[s], expected[s], kTolerance) << time;
  }
  // At the end: the wave's last key 0.5 + 0.5 sin(9), Blink's 0.1.
  ASSERT_TRUE(sample_morph_weights(clip, compressed, kChannels, 2.0f, cursors, weights));
  EXPECT_NEAR(weights[0], 0.5f + 0.5f * std::sin(9.0f), kTolerance);
  EXPECT_NEAR(weights[1], 0.1f, kTolerance);
}

// Two straight ramps keyed on every frame: one segment reproduces both, so only the clip's ends
// are kept, and the middle reads the ramps' halfway weights.
TEST(CompressedMorphTracks, TimesEveryTrackFollowsInAStraightLineAreDropped) {
  Clip clip;
  clip.name = "ramp";
  clip.duration_s = 2.0f;
  clip.source_fps = 30.0f;
  for (const char* name : {"Smile", "Blink"}) {
    MorphTrack track{"Face", name, {}};
    for (int f = 0; f <= 60; ++f) {
      track.weight.times_s.push_back(static_cast<float>(f) / 30.0f);
      track.weight.values.push_back(name[0] == 'S' ? f / 60.0f : 1.0f - f / 120.0f);
    }
    clip.morph_tracks.push_back(track);
  }
  std::string why;
  const CompressedMorphTracks c = compress_morph_tracks(clip, {0, 1}, 1e-3f, &why);
  ASSERT_FALSE(c.empty()) << why;
  EXPECT_EQ(c.times, (std::vector<std::uint16_t>{0, 65535}));
  std::uint32_t cursor = 0;
  std::vector<float> weights(2);
  sample_compressed_morph_tracks(c, 1.0f, cursor, weights);
  EXPECT_NEAR(weights[0], 0.5f, 1e-4f);
  EXPECT_NEAR(weights[1], 0.75f, 1e-4f);
}

TEST(CompressedMorphTracks, AnUnboundTrackIsNotStoredAndItsChannelKeepsItsDefault) {
  Clip clip = face_clip();
  clip.morph_tracks[1].target_name = "Frown";  // the character has no Frown
  const MorphBinding binding = bind_morph_tracks(clip, kChannels, 1e-3f);
  ASSERT_FALSE(binding.compressed.empty());
  EXPECT_EQ(binding.compressed.channels, (std::vector<std::uint32_t>{0, 2}));
  EXPECT_FALSE(binding.compressed.channels_in_order);
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

// A character's clip memory counts its shape tracks in the storage each samples: the face
// clip's 140 floats of keys exact (Blink's sparse keys keep it from being baked), 61 shared times
// with three 2-byte weights each plus three 12-byte ranges compressed; on top of its joint
// storage (sampled_bytes: here the root's rest pose on each frame, baked or compressed).
TEST(CompressedMorphTracks, ClipMemoryCountsTheShapeTracks) {
  Skeleton skeleton;
  skeleton.joint_names = {"root"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose = {Transform::identity()};
  skeleton.inverse_bind = {glm::mat4(1.0f)};
  const Clip clip = face_clip();
  EXPECT_EQ(morph_key_bytes(clip), kFaceKeyBytes);
  EXPECT_EQ(kFaceKeyBytes, 560u);
  BindOptions exact_storage, compressed_storage;
  compressed_storage.compress = true;
  BoundCharacter exact, compressed;
  ASSERT_EQ(bind_character(skeleton, {clip}, exact_storage, exact, kChannels), "");
  ASSERT_EQ(bind_character(skeleton, {clip}, compressed_storage, compressed, kChannels), "");
  const std::size_t joint_bytes = sampled_bytes(clip, exact.bindings[0]);
  EXPECT_EQ(exact.clip_memory_bytes(), joint_bytes + 560u);
  ASSERT_FALSE(compressed.morph_bindings[0].compressed.empty());
  const std::size_t compressed_joint_bytes = sampled_bytes(clip, compressed.bindings[0]);
  EXPECT_EQ(compressed.clip_memory_bytes(), compressed_joint_bytes + 61u * 4u * 2u + 3u * 12u);
  // Keyed on every frame, the clip is baked: 61 frames of the 3 channels' floats.
  Clip framed = clip;
  framed.morph_tracks.resize(1);
  BoundCharacter baked;
  ASSERT_EQ(bind_character(skeleton, {framed}, exact_storage, baked, kChannels), "");
  ASSERT_TRUE(baked.morph_bindings[0].baked());
  EXPECT_EQ(baked.clip_memory_bytes(), sampled_bytes(framed, baked.bindings[0]) + 61u * 3u * 4u);
}

}  // namespace
}  // namespace anim
