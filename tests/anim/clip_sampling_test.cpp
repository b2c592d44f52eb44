#include "anim/clip_sampling.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"
#include "anim/synthetic_character.h"

namespace anim {
namespace {

using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

const glm::vec3 kY(0.0f, 1.0f, 0.0f);

Vec3Track vec3_track(Interpolation mode, std::vector<float> times, std::vector<glm::vec3> values) {
  Vec3Track track;
  track.interpolation = mode;
  track.times_s = std::move(times);
  track.values = std::move(values);
  return track;
}

glm::vec3 at(const Vec3Track& track, float t) {
  std::uint32_t cursor = 0;
  return sample_track(track, t, cursor, glm::vec3(-9.0f));
}

TEST(SampleTrack, LinearHitsKeysAndInterpolatesBetweenThem) {
  const Vec3Track track =
      vec3_track(Interpolation::Linear, {0.0f, 1.0f, 2.0f}, {{0, 0, 0}, {2, 0, 0}, {2, 4, 0}});
  EXPECT_TRUE(vec3_near(at(track, 0.0f), {0, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 0.25f), {0.5f, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 1.0f), {2, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 1.5f), {2, 2, 0}));
  EXPECT_TRUE(vec3_near(at(track, 2.0f), {2, 4, 0}));
  // Outside the keys the end values hold.
  EXPECT_TRUE(vec3_near(at(track, -1.0f), {0, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 3.0f), {2, 4, 0}));
}

TEST(SampleTrack, StepHoldsTheEarlierKeyUntilTheNextKeyTime) {
  const Vec3Track track =
      vec3_track(Interpolation::Step, {0.0f, 1.0f, 2.0f}, {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}});
  EXPECT_TRUE(vec3_near(at(track, 0.0f), {1, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 0.999f), {1, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 1.0f), {2, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 1.5f), {2, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 2.5f), {3, 0, 0}));
}

TEST(SampleTrack, CubicSplineIsGltfHermiteWithTangentsScaledByTheKeyInterval) {
  // Keys at 0 s and 2 s: value 0 leaving with slope 1 per second, value 1 arriving flat.
  // Per key: in-tangent, value, out-tangent.
  const Vec3Track track =
      vec3_track(Interpolation::CubicSpline, {0.0f, 2.0f},
                 {{5, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {1, 0, 0}, {7, 0, 0}});
  // s = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125;
  // p = 0 + 2 * 0.125 * 1 + 0.5 * 1 + 2 * (-0.125) * 0 = 0.75.
  EXPECT_TRUE(vec3_near(at(track, 1.0f), {0.75f, 0, 0}));
  // s = 0.25: h10 = 0.140625, h01 = 0.15625; p = 2 * 0.140625 + 0.15625 = 0.4375.
  EXPECT_TRUE(vec3_near(at(track, 0.5f), {0.4375f, 0, 0}));
  // At the keys the value, never a tangent.
  EXPECT_TRUE(vec3_near(at(track, 0.0f), {0, 0, 0}));
  EXPECT_TRUE(vec3_near(at(track, 2.0f), {1, 0, 0}));
}

TEST(SampleTrack, CubicSplineRotationIsNormalized) {
  QuatTrack track;
  track.interpolation = Interpolation::CubicSpline;
  track.times_s = {0.0f, 1.0f};
  const glm::quat zero(0.0f, 0.0f, 0.0f, 0.0f);
  track.values = {zero, glm::quat(1, 0, 0, 0), zero, zero, rotation_about(90.0f, kY), zero};
  std::uint32_t cursor = 0;
  const glm::quat q = sample_track(track, 0.5f, cursor, glm::quat(1, 0, 0, 0));
  EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
  // Flat tangents and symmetric ends: the middle is the 45-degree rotation.
  EXPECT_TRUE(same_rotation(q, rotation_about(45.0f, kY)));
}

TEST(SampleTrack, LinearRotationTakesTheShortestArcAcross180Degrees) {
  QuatTrack track;
  track.times_s = {0.0f, 1.0f};
  // 170 degrees to -170 degrees about Y: 20 degrees apart through 180, not 340 the long way.
  track.values = {rotation_about(170.0f, kY), rotation_about(-170.0f, kY)};
  std::uint32_t cursor = 0;
  const glm::quat identity(1, 0, 0, 0);
  EXPECT_TRUE(
      same_rotation(sample_track(track, 0.5f, cursor, identity), rotation_about(180.0f, kY)));
  EXPECT_TRUE(same_rotation(sample_track(track, 0.25f, cursor, identity),
                            rotation_about(175.0f, kY), 1e-4f));
  // A key stored as -q is the same rotation: the result must not change.
  track.values[1] = -track.values[1];
  EXPECT_TRUE(
      same_rotation(sample_track(track, 0.5f, cursor, identity), rotation_about(180.0f, kY)));
}

TEST(SampleTrack, EmptyTrackGivesTheFallbackAndOneKeyGivesThatKey) {
  std::uint32_t cursor = 0;
  EXPECT_TRUE(vec3_near(sample_track(Vec3Track{}, 0.5f, cursor, {1, 2, 3}), {1, 2, 3}));
  const Vec3Track one = vec3_track(Interpolation::Linear, {0.3f}, {{4, 5, 6}});
  EXPECT_TRUE(vec3_near(at(one, 0.0f), {4, 5, 6}));
  EXPECT_TRUE(vec3_near(at(one, 9.0f), {4, 5, 6}));
}

TEST(SampleTrack, StaleOrForeignCursorsGiveTheSameValues) {
  std::vector<float> times;
  std::vector<glm::vec3> values;
  for (int k = 0; k <= 30; ++k) {
    times.push_back(static_cast<float>(k) / 30.0f);
    values.push_back({static_cast<float>(k * k), 0, 0});
  }
  const Vec3Track track = vec3_track(Interpolation::Linear, times, values);
  std::uint32_t cursor = 0;
  // Forward, then jumps backwards and far ahead, then a cursor from another track entirely.
  const float times_to_check[] = {0.01f, 0.02f, 0.5f, 0.51f, 0.1f, 0.95f, 0.0f, 0.7f};
  for (float t : times_to_check) {
    std::uint32_t fresh = 0;
    const glm::vec3 expected = sample_track(track, t, fresh, {});
    EXPECT_TRUE(vec3_near(sample_track(track, t, cursor, {}), expected)) << "t=" << t;
    // Linear between k^2 and (k+1)^2 at frame position f = 30 t.
    const float f = t * 30.0f;
    const float k = std::floor(f);
    EXPECT_NEAR(expected.x, k * k + (f - k) * (2.0f * k + 1.0f), 1e-3f) << "t=" << t;
  }
  cursor = 1000000;
  EXPECT_TRUE(vec3_near(sample_track(track, 0.5f, cursor, {}), {225, 0, 0}, 1e-3f));
}

TEST(WrapClipTime, LoopingClipsWrapBothWaysAndOthersClamp) {
  Clip clip;
  clip.duration_s = 2.0f;
  clip.loop = true;
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, 0.5f), 0.5f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, 5.0f), 1.0f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, 2.0f), 0.0f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, -0.5f), 1.5f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, -4.5f), 1.5f);
  const float wrapped_tiny = wrap_clip_time(clip, -1e-9f);
  EXPECT_GE(wrapped_tiny, 0.0f);
  EXPECT_LT(wrapped_tiny, 2.0f);
  clip.loop = false;
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, 5.0f), 2.0f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, -1.0f), 0.0f);
  EXPECT_FLOAT_EQ(wrap_clip_time(clip, 1.25f), 1.25f);
}

TEST(WrapClipTime, DegenerateDurationOrTimeGivesZero) {
  Clip clip;
  clip.duration_s = 0.0f;
  EXPECT_EQ(wrap_clip_time(clip, 1.0f), 0.0f);
  clip.duration_s = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(wrap_clip_time(clip, 1.0f), 0.0f);
  clip.duration_s = 1.0f;
  EXPECT_EQ(wrap_clip_time(clip, std::numeric_limits<float>::infinity()), 0.0f);
}

// A three-joint skeleton (root, arm, hand) and a clip made for a skeleton with an extra joint
// ("tail") and without "hand".
struct Rig {
  Skeleton skeleton;
  Clip clip;

  Rig() {
    skeleton.joint_names = {"root", "arm", "hand"};
    skeleton.parents = {kNoParent, 0, 1};
    skeleton.rest_pose.resize(3);
    skeleton.rest_pose[0].translation = {0, 1, 0};
    skeleton.rest_pose[1].translation = {1, 0, 0};
    skeleton.rest_pose[2].translation = {0.5f, 0, 0};
    skeleton.rest_pose[2].scale = glm::vec3(2.0f);
    skeleton.inverse_bind.assign(3, glm::mat4(1.0f));

    clip.name = "wave";
    clip.duration_s = 1.0f;
    clip.loop = true;
    JointTrack tail;
    tail.joint_name = "tail";
    tail.translation = vec3_track(Interpolation::Linear, {0.0f}, {{9, 9, 9}});
    JointTrack arm;
    arm.joint_name = "arm";
    arm.translation = vec3_track(Interpolation::Linear, {0.0f, 1.0f}, {{0, 0, 0}, {4, 0, 0}});
    arm.rotation.times_s = {0.0f, 1.0f};
    arm.rotation.values = {glm::quat(1, 0, 0, 0), rotation_about(90.0f, kY)};
    clip.tracks = {tail, arm};
  }
};

TEST(BindClip, MapsTracksByNameAndReportsMissingAndUnanimatedJoints) {
  const Rig rig;
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  EXPECT_EQ(binding.track_to_joint, (std::vector<int>{-1, 1}));
  EXPECT_EQ(binding.joint_to_track, (std::vector<int>{-1, 1, -1}));
  EXPECT_EQ(binding.missing_joints, (std::vector<std::string>{"tail"}));
  EXPECT_EQ(binding.unanimated_joints, (std::vector<int>{0, 2}));
}

TEST(BindClip, ASecondTrackForTheSameJointIsReportedNotBound) {
  Rig rig;
  rig.clip.tracks.push_back(rig.clip.tracks[1]);
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  EXPECT_EQ(binding.track_to_joint, (std::vector<int>{-1, 1, -1}));
  EXPECT_EQ(binding.missing_joints, (std::vector<std::string>{"tail", "arm"}));
}

TEST(SampleClip, WritesAnimatedChannelsAndRestPoseElsewhere) {
  const Rig rig;
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  SamplingCache cache(rig.clip);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sample_clip(rig.clip, binding, rig.skeleton, 0.5f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[0].translation, {0, 1, 0}));
  EXPECT_TRUE(vec3_near(pose[1].translation, {2, 0, 0}));
  EXPECT_TRUE(same_rotation(pose[1].rotation, rotation_about(45.0f, kY)));
  // The arm has no scale track: its rest scale stays.
  EXPECT_TRUE(vec3_near(pose[1].scale, {1, 1, 1}));
  EXPECT_TRUE(vec3_near(pose[2].translation, {0.5f, 0, 0}));
  EXPECT_TRUE(vec3_near(pose[2].scale, {2, 2, 2}));
}

TEST(SampleClip, LoopingClipWrapsAndOneShotClampsAtTheEnd) {
  Rig rig;
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  SamplingCache cache(rig.clip);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sample_clip(rig.clip, binding, rig.skeleton, 2.25f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {1, 0, 0}));
  ASSERT_TRUE(sample_clip(rig.clip, binding, rig.skeleton, -0.25f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {3, 0, 0}));
  rig.clip.loop = false;
  ASSERT_TRUE(sample_clip(rig.clip, binding, rig.skeleton, 2.25f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {4, 0, 0}));
}

TEST(SampleClip, RejectsEachMismatchedInputAndWritesNothing) {
  const Rig rig;
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  SamplingCache cache(rig.clip);
  std::vector<Transform> pose(3);
  pose[1].translation = {7, 7, 7};

  Clip other = rig.clip;
  other.tracks.pop_back();
  const JobResult wrong_clip = sample_clip(other, binding, rig.skeleton, 0.5f, cache, pose);
  EXPECT_FALSE(wrong_clip);
  EXPECT_NE(std::string(wrong_clip.error).find("binding"), std::string::npos);

  Skeleton bigger = rig.skeleton;
  bigger.joint_names.push_back("extra");
  bigger.parents.push_back(0);
  bigger.rest_pose.emplace_back();
  bigger.inverse_bind.emplace_back(1.0f);
  std::vector<Transform> bigger_pose(4);
  EXPECT_FALSE(sample_clip(rig.clip, binding, bigger, 0.5f, cache, bigger_pose));

  SamplingCache empty_cache;
  const JobResult no_cache = sample_clip(rig.clip, binding, rig.skeleton, 0.5f, empty_cache, pose);
  EXPECT_FALSE(no_cache);
  EXPECT_NE(std::string(no_cache.error).find("cache"), std::string::npos);

  std::vector<Transform> short_pose(2);
  const JobResult small = sample_clip(rig.clip, binding, rig.skeleton, 0.5f, cache, short_pose);
  EXPECT_FALSE(small);
  EXPECT_NE(std::string(small.error).find("out_local"), std::string::npos);

  EXPECT_TRUE(vec3_near(pose[1].translation, {7, 7, 7}));
}

TEST(BakedSampling, EqualsSamplingTheKeysAtAnyTime) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "walk", 0.3f, 1.2f);
  const ClipBinding baked = bind_clip(clip, skeleton);
  const ClipBinding keys = bind_clip(clip, skeleton, BindOptions{.bake_uniform_frames = false});
  ASSERT_TRUE(baked.baked());
  EXPECT_EQ(baked.baked_frame_count, 37);  // 1.2 s at 30 fps, both ends included
  ASSERT_FALSE(keys.baked());
  SamplingCache baked_cache(clip);
  SamplingCache key_cache(clip);
  std::vector<Transform> from_frames(skeleton.rest_pose.size());
  std::vector<Transform> from_keys(skeleton.rest_pose.size());
  // On frames, between frames, at the loop end, across the wrap, backwards.
  for (float t : {0.0f, 1.0f / 30.0f, 0.51f, 0.7333f, 1.19f, 1.2f, 1.25f, 3.9f, -0.1f, 0.02f}) {
    ASSERT_TRUE(sample_clip(clip, baked, skeleton, t, baked_cache, from_frames));
    ASSERT_TRUE(sample_clip(clip, keys, skeleton, t, key_cache, from_keys));
    for (std::size_t j = 0; j < from_keys.size(); ++j) {
      ASSERT_TRUE(vec3_near(from_frames[j].translation, from_keys[j].translation)) << t << " " << j;
      ASSERT_TRUE(same_rotation(from_frames[j].rotation, from_keys[j].rotation)) << t << " " << j;
      ASSERT_TRUE(vec3_near(from_frames[j].scale, from_keys[j].scale)) << t << " " << j;
      ASSERT_NEAR(glm::length(from_frames[j].rotation), 1.0f, 1e-6f);
    }
  }
}

// The rig with the arm's translation keyed on every frame at 30 fps (0 to 4 over the second)
// and its rotation dropped: a clip that bakes.
Clip dense_clip(const Rig& rig) {
  Clip clip = rig.clip;
  Vec3Track& track = clip.tracks[1].translation;
  track.times_s.clear();
  track.values.clear();
  for (int k = 0; k <= 30; ++k) {
    track.times_s.push_back(static_cast<float>(k) / 30.0f);
    track.values.push_back({4.0f * static_cast<float>(k) / 30.0f, 0, 0});
  }
  clip.tracks[1].rotation = {};
  return clip;
}

TEST(BakedSampling, DenseClipBakesAndReadsTheSameValues) {
  const Rig rig;
  const Clip clip = dense_clip(rig);
  const ClipBinding binding = bind_clip(clip, rig.skeleton);
  ASSERT_TRUE(binding.baked());
  EXPECT_EQ(binding.baked_frame_count, 31);
  SamplingCache cache(clip);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sample_clip(clip, binding, rig.skeleton, 0.25f, cache, pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {1, 0, 0}));
  ASSERT_TRUE(sample_clip(clip, binding, rig.skeleton, 1.75f, cache, pose));  // wrapped
  EXPECT_TRUE(vec3_near(pose[1].translation, {3, 0, 0}));
  EXPECT_TRUE(vec3_near(pose[2].scale, {2, 2, 2}));  // unanimated joints baked at rest
  EXPECT_TRUE(vec3_near(pose[0].translation, {0, 1, 0}));
}

TEST(BakedSampling, OnlyConstantOrLinearEveryFrameTracksBake) {
  const Rig rig;
  // Keys only at 0 s and 1 s: sampled from the keys, exactly as the interpolation defines.
  EXPECT_FALSE(bind_clip(rig.clip, rig.skeleton).baked());
  const Clip dense = dense_clip(rig);
  const auto baked_with = [&](auto change) {
    Clip clip = dense;
    change(clip);
    return bind_clip(clip, rig.skeleton).baked();
  };
  EXPECT_TRUE(baked_with([](Clip&) {}));
  EXPECT_FALSE(
      baked_with([](Clip& c) { c.tracks[1].translation.interpolation = Interpolation::Step; }));
  EXPECT_FALSE(baked_with([](Clip& c) {
    auto& track = c.tracks[1].translation;
    track.interpolation = Interpolation::CubicSpline;
    track.values.resize(track.times_s.size() * 3);
  }));
  EXPECT_FALSE(baked_with([](Clip& c) { c.tracks[1].translation.times_s[7] = 0.24f; }));
  EXPECT_FALSE(baked_with([](Clip& c) { c.duration_s = 1.01f; }));
  EXPECT_FALSE(baked_with([](Clip& c) { c.source_fps = 0.0f; }));
  EXPECT_FALSE(baked_with([](Clip& c) { c.source_fps = 24.0f; }));
  // An unbound track ("tail") does not matter, nor does a one-key track of any interpolation.
  EXPECT_TRUE(baked_with([](Clip& c) {
    c.tracks[0].translation.interpolation = Interpolation::Step;
    c.tracks[0].translation.times_s = {0.0f, 0.5f};
    c.tracks[0].translation.values = {{0, 0, 0}, {1, 1, 1}};
    c.tracks[1].scale.interpolation = Interpolation::Step;
    c.tracks[1].scale.times_s = {0.37f};
    c.tracks[1].scale.values = {{1, 1, 1}};
  }));
  BindOptions tiny;
  tiny.max_baked_bytes = 100;
  EXPECT_FALSE(bind_clip(dense, rig.skeleton, tiny).baked());
}

TEST(SampleJoint, ClampsInsteadOfWrappingSoTheEndOfALoopCanBeRead) {
  const Rig rig;
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  EXPECT_TRUE(
      vec3_near(sample_joint(rig.clip, binding, rig.skeleton, 1, 1.0f).translation, {4, 0, 0}));
  EXPECT_TRUE(
      vec3_near(sample_joint(rig.clip, binding, rig.skeleton, 1, 0.25f).translation, {1, 0, 0}));
  EXPECT_TRUE(vec3_near(sample_joint(rig.clip, binding, rig.skeleton, 2, 0.5f).scale, {2, 2, 2}));
  EXPECT_TRUE(
      vec3_near(sample_joint(rig.clip, binding, rig.skeleton, 5, 0.5f).translation, {0, 0, 0}));
}

TEST(SampleJoint, KeyCursorsFindTheSameKeysForwardAndBackward) {
  Rig rig;
  // x = t^2 keyed every 25 ms: 41 keys, so a search from the wrong key would be seen.
  std::vector<float> times;
  std::vector<glm::vec3> values;
  for (int k = 0; k <= 40; ++k) {
    times.push_back(0.025f * static_cast<float>(k));
    values.push_back({times.back() * times.back(), 0.0f, 0.0f});
  }
  rig.clip.tracks[1].translation = vec3_track(Interpolation::Linear, times, values);
  const ClipBinding binding = bind_clip(rig.clip, rig.skeleton);
  std::array<std::uint32_t, 3> cursors{};
  // Halfway between the keys at 0.5 s and 0.525 s: the mean of 0.25 and 0.275625.
  EXPECT_NEAR(sample_joint(rig.clip, binding, rig.skeleton, 1, 0.5125f, cursors).translation.x,
              0.2628125f, 1e-6f);
  EXPECT_EQ(cursors[0], 20u);
  for (const float t : {0.53f, 0.6f, 0.99f, 0.1f, 1.0f, 0.0f, 0.7f}) {
    const float with_cursor =
        sample_joint(rig.clip, binding, rig.skeleton, 1, t, cursors).translation.x;
    EXPECT_EQ(with_cursor, sample_joint(rig.clip, binding, rig.skeleton, 1, t).translation.x)
        << "at " << t;
    EXPECT_NEAR(with_cursor, t * t, 0.025f * 0.025f / 4.0f) << "at " << t;
  }
  EXPECT_EQ(cursors[0], 28u);  // 0.7 s is the key 28's start
}

TEST(ValidateClip, NamesTheJointAndChannelOfEachBrokenInput) {
  const Rig rig;
  EXPECT_EQ(validate(rig.clip), "");

  Clip no_duration = rig.clip;
  no_duration.duration_s = -1.0f;
  EXPECT_NE(validate(no_duration).find("duration"), std::string::npos);

  Clip unsorted = rig.clip;
  unsorted.tracks[1].translation.times_s = {0.5f, 0.25f};
  const std::string cause = validate(unsorted);
  EXPECT_NE(cause.find("'arm'"), std::string::npos) << cause;
  EXPECT_NE(cause.find("translation"), std::string::npos) << cause;
  EXPECT_NE(cause.find("increasing"), std::string::npos) << cause;

  Clip too_late = rig.clip;
  too_late.tracks[1].rotation.times_s = {0.0f, 3.0f};
  EXPECT_NE(validate(too_late).find("outside"), std::string::npos);

  Clip cubic_short = rig.clip;
  cubic_short.tracks[1].translation.interpolation = Interpolation::CubicSpline;
  EXPECT_NE(validate(cubic_short).find("2 values for 2 keys"), std::string::npos);

  Clip nan_value = rig.clip;
  nan_value.tracks[1].rotation.values[1].x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_NE(validate(nan_value).find("non-finite"), std::string::npos);
}

}  // namespace
}  // namespace anim
