// Compressed clips: quantization round trips, the stream built from a known clip, sampling
// against the exact key path within the stated error, playback in any order, and the clips
// that cannot be compressed.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/compressed_clip.h"
#include "anim/compressed_sampling.h"
#include "anim/keyframe_reduction.h"
#include "anim/pose.h"
#include "anim/quantization.h"
#include "anim/synthetic_character.h"
#include "anim_expect.h"

namespace anim {
namespace {

using testing::same_rotation;
using testing::vec3_near;

TEST(Quantization, RotationsRoundTripWithinAQuantizationStep) {
  // One rotation with each component the largest, some with it negative.
  const glm::quat rotations[] = {
      glm::normalize(glm::quat(0.9f, 0.1f, -0.3f, 0.2f)),   // w largest
      glm::normalize(glm::quat(0.1f, -0.9f, 0.3f, 0.2f)),   // x largest, negative
      glm::normalize(glm::quat(-0.2f, 0.1f, 0.95f, 0.2f)),  // y largest
      glm::normalize(glm::quat(0.3f, 0.1f, 0.3f, -0.8f)),   // z largest, negative
      glm::quat(1.0f, 0.0f, 0.0f, 0.0f),
      glm::normalize(glm::quat(0.5f, 0.5f, 0.5f, 0.5f)),  // all equal
  };
  for (const glm::quat& q : rotations) {
    QuantizedKey key{};
    encode_rotation(q, 37, key);
    EXPECT_EQ(key_joint(key), 37u);
    float c[4];
    decode_rotation(key, c);
    const glm::quat decoded(c[3], c[0], c[1], c[2]);
    // A step of the 16-bit grid over +-1/sqrt(2) is 2.2e-5; the dropped component follows.
    const float sign = glm::dot(decoded, q) < 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(decoded[i] * sign, q[i], 2.5e-5f) << i;
    EXPECT_NEAR(glm::length(decoded), 1.0f, 1e-6f);
  }
}

TEST(Quantization, ADecodedRotationIsTheScalarFormulaBitForBitWhereverTheDroppedOneWas) {
  // Stored components at the grid's ends and middle, and at random; the dropped one placed at
  // each of the four components. The reference is the format's formula in scalar floats.
  std::mt19937 random(7);
  std::uniform_int_distribution<int> value(0, 65535);
  std::vector<std::array<std::uint16_t, 3>> stored = {{0, 32768, 65535}, {65535, 65535, 65535}};
  for (int i = 0; i < 50; ++i) {
    stored.push_back({static_cast<std::uint16_t>(value(random)),
                      static_cast<std::uint16_t>(value(random)),
                      static_cast<std::uint16_t>(value(random))});
  }
  constexpr float kScale = 2.0f * kSmallestThreeBound / kQuantizedMax;
  for (const auto& values : stored) {
    for (unsigned largest = 0; largest < 4; ++largest) {
      QuantizedKey key{};
      key.joint = static_cast<std::uint16_t>((largest << 14) | 5u);
      std::copy(values.begin(), values.end(), key.values);
      std::vector<float> expected;
      float sum = 0.0f;
      for (std::uint16_t v : values) {
        expected.push_back(static_cast<float>(v) * kScale - kSmallestThreeBound);
        sum += expected.back() * expected.back();
      }
      // Clamped at 0 where the three alone exceed unit length (all at the grid's end).
      expected.insert(expected.begin() + largest, std::sqrt(std::max(1.0f - sum, 0.0f)));
      float c[4];
      decode_rotation(key, c);
      for (int i = 0; i < 4; ++i) EXPECT_EQ(c[i], expected[i]) << largest << " " << i;
    }
  }
}

TEST(Quantization, VectorsRoundTripWithinHalfAStepOfTheirRange) {
  const glm::vec3 min(-1.0f, 0.0f, 2.0f), extent(2.0f, 0.5f, 0.0f);
  const glm::vec3 v(0.123456f, 0.4999f, 2.0f);
  QuantizedKey key{};
  encode_vector(v, min, extent, key);
  float out[3];
  decode_vector(key, min, extent, out);
  EXPECT_NEAR(out[0], v.x, 2.0f / 65535.0f / 2.0f + 1e-7f);
  EXPECT_NEAR(out[1], v.y, 0.5f / 65535.0f / 2.0f + 1e-7f);
  EXPECT_EQ(out[2], 2.0f);  // a zero extent is exact
}

TEST(Quantization, KeyTimesAreFractionsOfTheDuration) {
  QuantizedKey key{};
  key.time = quantize_unit(0.25f / 2.0f);
  EXPECT_NEAR(key_time_s(key, key_time_step_s(2.0f)), 0.25f, 2.0f / 65535.0f);
  key.time = quantize_unit(1.0f);
  EXPECT_EQ(key_time_s(key, key_time_step_s(2.0f)), 2.0f);
}

// Root at the origin with one child 1 m up whose translation ramps from x = 0 to x = 1 over
// 1 s in 31 collinear keys, and whose rotation turns 90 degrees about y at a constant rate.
struct RampClip {
  Skeleton skeleton;
  Clip clip;
  RampClip() {
    skeleton.joint_names = {"root", "child"};
    skeleton.parents = {kNoParent, 0};
    Transform child;
    child.translation = {0.0f, 1.0f, 0.0f};
    skeleton.rest_pose = {Transform{}, child};
    skeleton.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
    clip.name = "ramp";
    clip.duration_s = 1.0f;
    JointTrack track;
    track.joint_name = "child";
    for (int k = 0; k <= 30; ++k) {
      const float t = static_cast<float>(k) / 30.0f;
      track.translation.times_s.push_back(t);
      track.translation.values.push_back({t, 1.0f, 0.0f});
      track.rotation.times_s.push_back(t);
      track.rotation.values.push_back(glm::angleAxis(1.5707963f * t, glm::vec3(0, 1, 0)));
    }
    clip.tracks.push_back(track);
  }
};

TEST(CompressClip, KeepsOnlyTheKeysLinearInterpolationNeeds) {
  const RampClip ramp;
  const ClipBinding binding = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  const CompressedClip& c = binding.compressed;
  ASSERT_FALSE(c.empty());
  EXPECT_EQ(c.joint_count, 2);
  // Translation: the root is constant, the child's collinear ramp needs only its two ends.
  EXPECT_EQ(c.translations.animated_joints, 1u);
  EXPECT_EQ(c.translations.keys.size(), 2u);
  EXPECT_EQ(c.translations.constants.size(), 1u);
  // Scale: constant everywhere.
  EXPECT_EQ(c.scales.animated_joints, 0u);
  EXPECT_EQ(c.scales.constants.size(), 2u);
  // Rotation: 90 degrees at a constant rate is not a straight line in quaternion space, so
  // nlerp needs inner keys (within 1 mm / 1.1 m of extent, about 0.9 mrad).
  EXPECT_EQ(c.rotations.animated_joints, 1u);
  EXPECT_GT(c.rotations.keys.size(), 2u);
  EXPECT_LT(c.rotations.keys.size(), 31u);
  // Duration and joint count; 10 bytes a key (translation: 2 + 1 constant, rotation: its
  // stream + 1 constant, scale: 2 constants); two 12-byte boxes for the animated translation
  // joint, the constant boxes of translation and scale; one byte per channel for the group of
  // the two joints (animated or not).
  EXPECT_EQ(c.rotations.constants.size(), 1u);
  EXPECT_EQ(c.byte_size(), 8u + 10u * (3 + c.rotations.keys.size() + 1 + 2) + 24u + 24u + 24u + 3u);
  EXPECT_EQ(c.translations.animated_groups, std::vector<std::uint8_t>{1});
  EXPECT_EQ(c.scales.animated_groups, std::vector<std::uint8_t>{0});

  SamplingCache cache(ramp.clip, binding);
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sample_clip(ramp.clip, binding, ramp.skeleton, 0.25f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {0.25f, 1.0f, 0.0f}, 1e-4f));
  EXPECT_TRUE(same_rotation(pose[1].rotation,
                            glm::angleAxis(1.5707963f * 0.25f, glm::vec3(0, 1, 0)), 1e-6f));
  EXPECT_TRUE(vec3_near(pose[0].translation, glm::vec3(0.0f), 0.0f));
  EXPECT_TRUE(vec3_near(pose[1].scale, glm::vec3(1.0f), 0.0f));
}

TEST(CompressClip, KeepsItsConstantsDecodedInTheSamplersLayout) {
  const RampClip ramp;
  const ClipBinding binding = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  const CompressedClip& c = binding.compressed;
  ASSERT_FALSE(c.empty());
  // One group of four lanes; per component the lanes of root, child and two past the end.
  // Scale: both joints constant at 1 (a box of zero extent decodes exactly); unused lanes 0.
  EXPECT_EQ(c.scales.constant_groups, (std::vector<float>{1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0}));
  // Rotation: the root is constant at the identity (within a quantization step), the animated
  // child's lane stays 0 (its values live in each player's context).
  ASSERT_EQ(c.rotations.constant_groups.size(), 16u);
  for (int component = 0; component < 3; ++component) {
    EXPECT_NEAR(c.rotations.constant_groups[4 * component], 0.0f, 2.5e-5f) << component;
  }
  EXPECT_NEAR(c.rotations.constant_groups[12], 1.0f, 1e-6f);
  for (int component = 0; component < 4; ++component) {
    EXPECT_EQ(c.rotations.constant_groups[4 * component + 1], 0.0f) << component;
  }
  // Sampling reads them: the root's rotation is that constant at any time.
  SamplingCache cache(ramp.clip, binding);
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sample_compressed(c, 0.6f, cache.compressed, pose));
  // Read as stored (unit already), to the bit.
  EXPECT_EQ(pose[0].rotation.w, c.rotations.constant_groups[12]);
  EXPECT_EQ(pose[0].rotation.x, c.rotations.constant_groups[0]);
  EXPECT_EQ(pose[0].scale, glm::vec3(1.0f));
}

TEST(SampleCompressed, RefusesAClipWithoutItsDecodedConstants) {
  const RampClip ramp;
  const ClipBinding binding = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  CompressedClip c = binding.compressed;
  c.scales.constant_groups.clear();  // as a clip put together by hand would be
  SamplingCache cache(ramp.clip, binding);
  std::vector<Transform> pose(2, Transform::identity());
  const JobResult r = sample_compressed(c, 0.5f, cache.compressed, pose);
  EXPECT_FALSE(r);
  EXPECT_NE(std::string(r.error).find("decoded constants"), std::string::npos) << r.error;
}

TEST(CompressClip, StreamIsOrderedByWhenPlaybackNeedsEachKey) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "walk", 0.0f);
  const ClipBinding binding = bind_clip(clip, skeleton, {.compress = true});
  const CompressedChannel& r = binding.compressed.rotations;
  ASSERT_GT(r.animated_joints, 0u);
  // The opening: first keys at time 0, then second keys, each in joint order.
  for (std::size_t i = 0; i < r.animated_joints; ++i) {
    EXPECT_EQ(r.keys[i].time, 0);
    EXPECT_EQ(key_joint(r.keys[i]), key_joint(r.keys[r.animated_joints + i]));
    if (i > 0) {
      EXPECT_LT(key_joint(r.keys[i - 1]), key_joint(r.keys[i]));
    }
  }
  // Later keys: the time of each one's predecessor never decreases along the stream.
  std::vector<std::uint16_t> last_time(skeleton.rest_pose.size(), 0);
  for (std::size_t i = r.animated_joints; i < 2 * r.animated_joints; ++i) {
    last_time[key_joint(r.keys[i])] = r.keys[i].time;
  }
  std::uint16_t needed = 0;
  for (std::size_t i = 2 * r.animated_joints; i < r.keys.size(); ++i) {
    const std::size_t j = key_joint(r.keys[i]);
    EXPECT_GE(last_time[j], needed) << "key " << i;
    EXPECT_GT(r.keys[i].time, last_time[j]) << "key " << i;
    needed = last_time[j];
    last_time[j] = r.keys[i].time;
  }
  for (std::size_t i = 0; i < r.animated_joints; ++i) {
    EXPECT_EQ(last_time[key_joint(r.keys[i])], 65535) << "each joint ends at the duration";
  }
}

// The model-space position of every joint, from a local pose.
std::vector<glm::vec3> positions(const Skeleton& skeleton, const std::vector<Transform>& local) {
  std::vector<glm::mat4> model(local.size());
  EXPECT_TRUE(local_to_model(skeleton, local, model));
  std::vector<glm::vec3> out;
  for (const glm::mat4& m : model) out.emplace_back(m[3]);
  return out;
}

// A joint's error is bounded by the tolerance of each joint from it up to the root (their
// errors add up), plus a little for quantization.
std::vector<float> error_bounds(const Skeleton& skeleton, float position_m) {
  std::vector<float> bounds(skeleton.rest_pose.size());
  for (std::size_t j = 0; j < bounds.size(); ++j) {
    int chain = 0;
    for (int a = static_cast<int>(j); a >= 0; a = skeleton.parents[static_cast<std::size_t>(a)]) {
      ++chain;
    }
    bounds[j] = position_m * static_cast<float>(chain) + 1e-4f;
  }
  return bounds;
}

// Plays clip forward at 60 fps over two loops through both bindings and returns the largest
// joint position error, checking each joint against its bound.
float play_and_compare(const Skeleton& skeleton, const Clip& clip, float position_m) {
  const ClipBinding exact = bind_clip(clip, skeleton, {.bake_uniform_frames = false});
  BindOptions options{.compress = true};
  options.compression.position_m = position_m;
  const ClipBinding compressed = bind_clip(clip, skeleton, options);
  EXPECT_FALSE(compressed.compressed.empty());
  SamplingCache exact_cache(clip), compressed_cache(clip, compressed);
  const std::vector<float> bounds = error_bounds(skeleton, position_m);
  std::vector<Transform> a(skeleton.rest_pose.size()), b(a.size());
  float worst = 0.0f;
  const int frames = static_cast<int>(2.0f * clip.duration_s * 60.0f);
  for (int f = 0; f <= frames; ++f) {
    const float t = static_cast<float>(f) / 60.0f;
    EXPECT_TRUE(sample_clip(clip, exact, skeleton, t, exact_cache, a));
    EXPECT_TRUE(sample_clip(clip, compressed, skeleton, t, compressed_cache, b));
    const std::vector<glm::vec3> pa = positions(skeleton, a), pb = positions(skeleton, b);
    for (std::size_t j = 0; j < pa.size(); ++j) {
      const float e = glm::length(pa[j] - pb[j]);
      EXPECT_LE(e, bounds[j]) << "joint " << j << " at " << t << " s";
      worst = std::max(worst, e);
    }
  }
  return worst;
}

TEST(CompressClip, SyntheticCharacterStaysWithinTheStatedError) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "walk", 0.3f, 0.8f);
  const float worst = play_and_compare(skeleton, clip, 1e-3f);
  EXPECT_GT(worst, 0.0f);  // lossy: something was dropped
  // A coarser tolerance keeps fewer keys.
  BindOptions fine{.compress = true}, coarse{.compress = true};
  coarse.compression.position_m = 1e-2f;
  EXPECT_LT(bind_clip(clip, skeleton, coarse).compressed.byte_size(),
            bind_clip(clip, skeleton, fine).compressed.byte_size());
  play_and_compare(skeleton, clip, 1e-2f);
}

// The same character under an armature joint scaled by 100, its lengths given in hundredths
// (RobotExpressive's shape): the model-space motion is unchanged, and so must the error be.
TEST(CompressClip, AScaledArmatureKeepsTheErrorInModelUnits) {
  const Skeleton plain = testing::make_synthetic_skeleton();
  const Clip plain_clip = testing::make_synthetic_clip(plain, "walk", 0.3f, 0.8f);
  Skeleton skeleton;
  skeleton.joint_names = {"armature"};
  skeleton.parents = {kNoParent};
  Transform armature;
  armature.scale = glm::vec3(100.0f);
  skeleton.rest_pose = {armature};
  for (std::size_t j = 0; j < plain.parents.size(); ++j) {
    skeleton.joint_names.push_back(plain.joint_names[j]);
    skeleton.parents.push_back(plain.parents[j] + 1);
    Transform rest = plain.rest_pose[j];
    rest.translation /= 100.0f;
    skeleton.rest_pose.push_back(rest);
  }
  skeleton.inverse_bind.assign(skeleton.rest_pose.size(), glm::mat4(1.0f));
  Clip clip = plain_clip;
  for (JointTrack& track : clip.tracks) {
    for (glm::vec3& t : track.translation.values) t /= 100.0f;
  }
  // Bounds counted from the plain character's root: the armature itself does not move.
  const float worst = play_and_compare(skeleton, clip, 1e-3f);
  EXPECT_GT(worst, 0.0f);
  EXPECT_LE(worst, play_and_compare(plain, plain_clip, 1e-3f) * 1.5f + 1e-4f);
}

TEST(CompressClip, CubicSplineTracksAreResampledWithinTheError) {
  RampClip ramp;
  QuatTrack& rotation = ramp.clip.tracks[0].rotation;
  // The same rotation keys as a cubic spline with zero tangents (ease in and out per key).
  QuatTrack cubic;
  cubic.interpolation = Interpolation::CubicSpline;
  for (std::size_t k = 0; k < rotation.times_s.size(); k += 10) {
    cubic.times_s.push_back(rotation.times_s[k]);
    cubic.values.insert(cubic.values.end(),
                        {glm::quat(0, 0, 0, 0), rotation.values[k], glm::quat(0, 0, 0, 0)});
  }
  rotation = cubic;
  play_and_compare(ramp.skeleton, ramp.clip, 1e-3f);
}

TEST(CompressedSampling, AnyOrderOfTimesGivesThePoseOfForwardPlayback) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "jog", 1.0f, 0.8f);
  const ClipBinding binding = bind_clip(clip, skeleton, {.compress = true});
  std::vector<float> times;
  for (int f = 0; f < 60; ++f) times.push_back(static_cast<float>(f) * 0.8f / 59.0f);
  std::vector<std::vector<Transform>> forward(times.size(),
                                              std::vector<Transform>(skeleton.rest_pose.size()));
  SamplingCache cache(clip, binding);
  for (std::size_t i = 0; i < times.size(); ++i) {
    ASSERT_TRUE(sample_clip(clip, binding, skeleton, times[i], cache, forward[i]));
  }
  std::vector<std::size_t> order(times.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<Transform> pose(skeleton.rest_pose.size());
  for (std::size_t i : order) {
    ASSERT_TRUE(sample_clip(clip, binding, skeleton, times[i], cache, pose));
    for (std::size_t j = 0; j < pose.size(); ++j) {
      EXPECT_TRUE(vec3_near(pose[j].translation, forward[i][j].translation, 1e-6f));
      EXPECT_TRUE(same_rotation(pose[j].rotation, forward[i][j].rotation, 1e-6f));
      EXPECT_TRUE(vec3_near(pose[j].scale, forward[i][j].scale, 1e-6f));
    }
  }
}

TEST(CompressedSampling, ALoopingClipWrapsAndAnotherClipRestartsTheContext) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip walk = testing::make_synthetic_clip(skeleton, "walk", 0.0f);
  const Clip run = testing::make_synthetic_clip(skeleton, "run", 2.0f);
  const ClipBinding walk_binding = bind_clip(walk, skeleton, {.compress = true});
  const ClipBinding run_binding = bind_clip(run, skeleton, {.compress = true});
  SamplingCache cache(walk, walk_binding);
  std::vector<Transform> wrapped(skeleton.rest_pose.size()), direct(wrapped.size());
  ASSERT_TRUE(sample_clip(walk, walk_binding, skeleton, 0.9f, cache, wrapped));
  ASSERT_TRUE(sample_clip(walk, walk_binding, skeleton, 1.3f, cache, wrapped));  // 0.3 s
  SamplingCache fresh(walk, walk_binding);
  ASSERT_TRUE(sample_clip(walk, walk_binding, skeleton, 0.3f, fresh, direct));
  for (std::size_t j = 0; j < direct.size(); ++j) {
    EXPECT_TRUE(same_rotation(wrapped[j].rotation, direct[j].rotation, 1e-6f)) << j;
  }
  // The same cache handed the run clip (same joint count) decodes run, not walk.
  ASSERT_TRUE(sample_clip(run, run_binding, skeleton, 1.3f, cache, wrapped));
  SamplingCache run_cache(run, run_binding);
  ASSERT_TRUE(sample_clip(run, run_binding, skeleton, 0.3f, run_cache, direct));
  for (std::size_t j = 0; j < direct.size(); ++j) {
    EXPECT_TRUE(same_rotation(wrapped[j].rotation, direct[j].rotation, 1e-6f)) << j;
  }
}

TEST(CompressedSampling, RefusesAContextOrPoseOfTheWrongSize) {
  const RampClip ramp;
  const ClipBinding binding = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  SamplingCache unsized(ramp.clip);  // no compressed context
  std::vector<Transform> pose(2);
  const JobResult r = sample_clip(ramp.clip, binding, ramp.skeleton, 0.5f, unsized, pose);
  ASSERT_FALSE(r);
  EXPECT_NE(std::string(r.error).find("compressed"), std::string::npos);
  CompressedSamplingContext context(2);
  std::vector<Transform> short_pose(1);
  EXPECT_FALSE(sample_compressed(binding.compressed, 0.5f, context, short_pose));
  EXPECT_FALSE(sample_compressed(CompressedClip{}, 0.5f, context, pose));
}

TEST(CompressClip, StepTracksAreNotCompressedAndSayWhy) {
  RampClip ramp;
  ramp.clip.tracks[0].translation.interpolation = Interpolation::Step;
  const ClipBinding binding = bind_clip(ramp.clip, ramp.skeleton);
  std::string why;
  EXPECT_TRUE(compress_clip(ramp.clip, binding, ramp.skeleton, {}, &why).empty());
  EXPECT_NE(why.find("'child'"), std::string::npos) << why;
  EXPECT_NE(why.find("Step"), std::string::npos) << why;
  // bind_clip then keeps the exact paths: the clip still plays.
  const ClipBinding fallback = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  EXPECT_TRUE(fallback.compressed.empty());
  SamplingCache cache(ramp.clip, fallback);
  std::vector<Transform> pose(2);
  ASSERT_TRUE(sample_clip(ramp.clip, fallback, ramp.skeleton, 0.5f, cache, pose));
  EXPECT_NEAR(pose[1].translation.x, 0.5f, 1e-6f);
}

TEST(CompressClip, JointExtentsReachTheFarthestJointBelow) {
  const RampClip ramp;
  const std::vector<float> extents = joint_extents(ramp.skeleton, 0.1f);
  ASSERT_EQ(extents.size(), 2u);
  EXPECT_NEAR(extents[0], 1.1f, 1e-6f);  // the child is 1 m above the root
  EXPECT_NEAR(extents[1], 0.1f, 1e-6f);  // a leaf
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

TEST(SampleAndBlend, EqualsSamplingEachClipThenBlending) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clips[] = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
                        testing::make_synthetic_clip(skeleton, "jog", 1.0f, 0.8f),
                        testing::make_synthetic_clip(skeleton, "run", 2.5f, 0.6f)};
  const float weights[] = {0.5f, 0.2f, 0.3f};
  BindOptions options;
  options.compress = true;
  std::vector<ClipBinding> bindings;
  std::vector<SamplingCache> separate, fused;
  for (const Clip& clip : clips) {
    bindings.push_back(bind_clip(clip, skeleton, options));
    separate.emplace_back(clip, bindings.back());
    fused.emplace_back(clip, bindings.back());
  }
  const std::size_t joints = skeleton.rest_pose.size();
  std::vector<std::vector<Transform>> poses(3, std::vector<Transform>(joints));
  std::vector<Transform> expected(joints), actual(joints);
  for (int frame = 0; frame < 90; ++frame) {
    const float t = static_cast<float>(frame) / 60.0f;
    CompressedBlendInput inputs[3];
    for (int c = 0; c < 3; ++c) {
      const float clip_t = wrap_clip_time(clips[c], t);
      ASSERT_TRUE(sample_clip(clips[c], bindings[c], skeleton, clip_t, separate[c], poses[c]));
      inputs[c] = {&bindings[c].compressed, &fused[c].compressed, clip_t, weights[c]};
    }
    const BlendLayer layers[] = {
        {poses[0], weights[0], {}}, {poses[1], weights[1], {}}, {poses[2], weights[2], {}}};
    ASSERT_TRUE(blend_poses(layers, skeleton.rest_pose, expected));
    ASSERT_TRUE(sample_and_blend(inputs, skeleton.rest_pose, actual));
    for (std::size_t j = 0; j < joints; ++j) {
      ASSERT_TRUE(testing::vec3_near(actual[j].translation, expected[j].translation, 1e-6f)) << j;
      ASSERT_TRUE(testing::same_rotation(actual[j].rotation, expected[j].rotation, 1e-6f)) << j;
      ASSERT_TRUE(testing::vec3_near(actual[j].scale, expected[j].scale, 1e-6f)) << j;
    }
  }
}

// The fused path does sample_compressed's and blend_poses's arithmetic in the same order, so on
// whole groups of four joints (blend_poses's scalar tail normalizes differently) the results
// are the same floats, bit for bit: for blends of one input to more than the eight that
// sample_and_blend looks up at once (it then carries its sums in the output from one chunk of
// inputs to the next), at random times and weights, with clips that have constant joints.
// sample_and_blend against sampling each clip then blend_poses, over random times and weights,
// for blends of 1 to 17 inputs (several chunks of summed inputs): bit for bit on every whole
// group of joints, except that unit-scale clips blend to a scale of exactly one.
void expect_blends_as_sampling_then_blending(const Skeleton& skeleton,
                                             const std::vector<Clip>& clips) {
  std::vector<ClipBinding> bindings;
  for (const Clip& clip : clips) bindings.push_back(bind_clip(clip, skeleton, {.compress = true}));
  const bool unit_scales = bindings[0].compressed.unit_scales;
  const std::size_t joints = skeleton.rest_pose.size();
  const std::size_t whole_groups = joints / 4 * 4;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (const std::size_t count : {1u, 3u, 8u, 9u, 17u}) {
    std::vector<CompressedSamplingContext> fused(count,
                                                 CompressedSamplingContext(skeleton.joint_count())),
        separate = fused;
    std::vector<std::vector<Transform>> poses(count, std::vector<Transform>(joints));
    std::vector<CompressedBlendInput> inputs(count);
    std::vector<BlendLayer> layers(count);
    std::vector<Transform> expected(joints), actual(joints);
    for (int frame = 0; frame < 40; ++frame) {
      for (std::size_t i = 0; i < count; ++i) {
        const ClipBinding& binding = bindings[i % bindings.size()];
        const float time = unit(random) * binding.compressed.duration_s;
        const float weight = unit(random);
        inputs[i] = {&binding.compressed, &fused[i], time, weight};
        ASSERT_TRUE(sample_compressed(binding.compressed, time, separate[i], poses[i]));
        layers[i] = {poses[i], weight, {}};
      }
      ASSERT_TRUE(sample_and_blend(inputs, skeleton.rest_pose, actual));
      ASSERT_TRUE(blend_poses(layers, skeleton.rest_pose, expected));
      for (std::size_t j = 0; j < whole_groups; ++j) {
        if (unit_scales) {
          ASSERT_EQ(actual[j].scale, glm::vec3(1.0f)) << count << " inputs, joint " << j;
          expected[j].scale = actual[j].scale;
        }
        ASSERT_EQ(std::memcmp(&actual[j], &expected[j], sizeof(Transform)), 0)
            << count << " inputs, joint " << j;
      }
    }
  }
}

TEST(SampleAndBlend, EqualsSamplingThenBlendingBitForBitForAnyNumberOfInputs) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  std::vector<Clip> clips = {testing::make_synthetic_clip(skeleton, "walk", 0.0f),
                             testing::make_synthetic_clip(skeleton, "jog", 1.0f, 0.8f),
                             testing::make_synthetic_clip(skeleton, "still", 0.7f, 1.3f)};
  for (int j = 8; j < 40; ++j) {  // whole groups of constant channels, and mixed groups
    JointTrack& track = clips[2].tracks[static_cast<std::size_t>(j)];
    if (j % 3 != 1) track.rotation = {{0.0f}, {track.rotation.values[0]}};
    if (j % 2 == 0) track.translation = {{0.0f}, {track.translation.values[0]}};
  }
  expect_blends_as_sampling_then_blending(skeleton, clips);
  // The same clips without scales: the blend skips their scale channel.
  for (Clip& clip : clips) {
    for (JointTrack& track : clip.tracks) track.scale = {{0.0f}, {glm::vec3(1.0f)}};
  }
  ASSERT_TRUE(bind_clip(clips[0], skeleton, {.compress = true}).compressed.unit_scales);
  expect_blends_as_sampling_then_blending(skeleton, clips);
}

// Clips whose scales are all the constant 1 (within tolerance) skip the scale channel: the
// blend's scale is exactly 1 (weights 0.7 and 0.3 add up to 1 only within rounding), while a
// clip that scales a joint still blends its scale with the others'.
TEST(SampleAndBlend, UnitScalesStayExactlyOneAndAScaledClipIsStillBlended) {
  const RampClip ramp;
  Clip scaled = ramp.clip;
  scaled.tracks[0].scale.times_s = {0.0f};
  scaled.tracks[0].scale.values = {glm::vec3(2.0f)};
  const ClipBinding unit_binding = bind_clip(ramp.clip, ramp.skeleton, {.compress = true});
  const ClipBinding scaled_binding = bind_clip(scaled, ramp.skeleton, {.compress = true});
  ASSERT_TRUE(unit_binding.compressed.unit_scales);
  ASSERT_FALSE(scaled_binding.compressed.unit_scales);
  // An exporter's float noise on a unit scale is well within the joint's scale tolerance
  // (1 mm over the child's 0.1 m leaf extent: 0.01).
  Clip noisy = ramp.clip;
  noisy.tracks[0].scale.times_s = {0.0f};
  noisy.tracks[0].scale.values = {glm::vec3(1.0000005f, 0.9999994f, 1.0f)};
  EXPECT_TRUE(bind_clip(noisy, ramp.skeleton, {.compress = true}).compressed.unit_scales);
  SamplingCache a(ramp.clip, unit_binding), b(ramp.clip, unit_binding), c(scaled, scaled_binding);
  std::vector<Transform> out(2);
  const CompressedBlendInput unit_pair[] = {{&unit_binding.compressed, &a.compressed, 0.1f, 0.7f},
                                            {&unit_binding.compressed, &b.compressed, 0.6f, 0.3f}};
  ASSERT_TRUE(sample_and_blend(unit_pair, ramp.skeleton.rest_pose, out));
  EXPECT_EQ(out[0].scale, glm::vec3(1.0f));
  EXPECT_EQ(out[1].scale, glm::vec3(1.0f));
  const CompressedBlendInput mixed[] = {{&unit_binding.compressed, &a.compressed, 0.1f, 0.75f},
                                        {&scaled_binding.compressed, &c.compressed, 0.6f, 0.25f}};
  ASSERT_TRUE(sample_and_blend(mixed, ramp.skeleton.rest_pose, out));
  EXPECT_TRUE(vec3_near(out[0].scale, glm::vec3(1.0f), 1e-6f));
  EXPECT_TRUE(vec3_near(out[1].scale, glm::vec3(1.25f), 1e-6f));
  std::vector<Transform> single(2);
  ASSERT_TRUE(sample_compressed(scaled_binding.compressed, 0.6f, c.compressed, single));
  EXPECT_TRUE(vec3_near(single[1].scale, glm::vec3(2.0f), 1e-6f));
}

TEST(SampleAndBlend, ZeroWeightsGiveTheFallbackAndBadInputsFail) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "walk", 0.0f);
  BindOptions options;
  options.compress = true;
  const ClipBinding binding = bind_clip(clip, skeleton, options);
  SamplingCache cache(clip, binding);
  std::vector<Transform> out(skeleton.rest_pose.size());
  CompressedBlendInput input{&binding.compressed, &cache.compressed, 0.5f, 0.0f};
  ASSERT_TRUE(sample_and_blend({&input, 1}, skeleton.rest_pose, out));
  EXPECT_TRUE(testing::vec3_near(out[5].translation, skeleton.rest_pose[5].translation, 0.0f));
  input.weight = -1.0f;
  EXPECT_FALSE(sample_and_blend({&input, 1}, skeleton.rest_pose, out));
  input.weight = 1.0f;
  CompressedSamplingContext unsized;
  input.context = &unsized;
  EXPECT_FALSE(sample_and_blend({&input, 1}, skeleton.rest_pose, out));
  input.context = &cache.compressed;
  std::vector<Transform> short_out(3);
  EXPECT_FALSE(sample_and_blend({&input, 1}, skeleton.rest_pose, short_out));
}

}  // namespace
}  // namespace anim
