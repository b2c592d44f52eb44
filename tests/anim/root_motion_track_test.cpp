// Root motion tracks: extraction from a binding's track equals extraction by sampling the root
// joint (a binding measured for no joint), for linear and step keys, a Z-up scaled armature,
// unnormalized and sign-flipped keys, a root without keys; the heading between two keys follows
// nlerp's curve, not a linear angle; a track measured for another joint is not read.

#include "anim/root_motion_track.h"

#include "anim/clip_sampling.h"
#include "anim/root_motion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"

namespace anim {
namespace {

using testing::rotation_about;

constexpr float kPi = std::numbers::pi_v<float>;
const glm::vec3 kY(0.0f, 1.0f, 0.0f);

// An armature (Z-up: turned -90 degrees about +X, scaled by 0.01 as an FBX export's) with the
// hips under it, whose clip walks and turns about the armature's +Z (the model's +Y) with a pitch
// on the way, keys unnormalized (one by 1.02) and one of them negated (the same rotation).
struct ArmatureWalk {
  Skeleton skeleton;
  Clip clip;
  ClipBinding binding;  // measured for the hips
  RootMotionSettings settings;
  RootRestFrame frame;

  explicit ArmatureWalk(Interpolation interpolation = Interpolation::Linear) {
    skeleton.joint_names = {"armature", "hips"};
    skeleton.parents = {kNoParent, 0};
    skeleton.rest_pose.resize(2);
    skeleton.rest_pose[0].rotation = rotation_about(-90.0f, glm::vec3(1, 0, 0));
    skeleton.rest_pose[0].scale = glm::vec3(0.01f);
    skeleton.rest_pose[1].translation = {0, 0, 100};
    skeleton.inverse_bind.assign(2, glm::mat4(1.0f));
    clip.name = "walk";
    clip.duration_s = 1.2f;
    JointTrack hips;
    hips.joint_name = "hips";
    hips.translation.interpolation = interpolation;
    hips.translation.times_s = {0.0f, 0.3f, 0.7f, 1.2f};
    hips.translation.values = {{0, 0, 100}, {10, -40, 104}, {-5, -90, 98}, {0, -150, 100}};
    const glm::vec3 z(0, 0, 1), x(1, 0, 0);
    hips.rotation.interpolation = interpolation;
    hips.rotation.times_s = {0.0f, 0.25f, 0.5f, 0.9f, 1.2f};
    hips.rotation.values = {glm::quat(1, 0, 0, 0), rotation_about(40.0f, z) * 1.02f,
                            -(rotation_about(100.0f, z) * rotation_about(20.0f, x)),
                            rotation_about(170.0f, z), rotation_about(200.0f, z)};
    clip.tracks = {hips};
    settings.root_joint = 1;
    bind();
    frame = root_rest_frame(skeleton, 1);
  }
  void bind() { binding = bind_clip(clip, skeleton, {.root_motion_joint = 1}); }
};

// Steps from times across the clip (and past its ends, so loops wrap), of one frame and of
// several cycles, extracted both ways with cursors of their own.
void expect_same_steps(const ArmatureWalk& walk) {
  ASSERT_TRUE(walk.binding.root_motion.exact);
  ASSERT_EQ(walk.binding.root_motion.joint, 1);
  const ClipBinding unmeasured = bind_clip(walk.clip, walk.skeleton, {.root_motion_joint = -1});
  ASSERT_EQ(unmeasured.root_motion.joint, -1);
  RootMotionCursor by_joint, by_track;
  for (float delta : {1.0f / 60.0f, 0.2f, -0.05f, 3.7f}) {
    for (int i = -10; i <= 130; ++i) {
      const float t = static_cast<float>(i) / 100.0f;
      const RootMotionDelta expected = extract_root_motion(
          walk.clip, unmeasured, walk.skeleton, walk.settings, walk.frame, t, delta, by_joint);
      const RootMotionDelta actual = extract_root_motion(
          walk.clip, walk.binding, walk.skeleton, walk.settings, walk.frame, t, delta, by_track);
      ASSERT_TRUE(testing::vec3_near(actual.translation, expected.translation, 2e-5f))
          << "t " << t << " delta " << delta;
      ASSERT_NEAR(actual.yaw_rad, expected.yaw_rad, 2e-5f) << "t " << t << " delta " << delta;
    }
  }
}

TEST(RootMotionTrack, LinearKeysGiveTheStepsOfSamplingTheJoint) {
  expect_same_steps(ArmatureWalk());
}

TEST(RootMotionTrack, StepKeysGiveTheStepsOfSamplingTheJoint) {
  expect_same_steps(ArmatureWalk(Interpolation::Step));
}

TEST(RootMotionTrack, OneShotClipsAndPartialExtractionMatchToo) {
  ArmatureWalk walk;
  walk.clip.loop = false;
  walk.settings.extract_y = true;
  walk.settings.extract_x = false;
  expect_same_steps(walk);
  walk.settings.extract_yaw = false;
  expect_same_steps(walk);
}

// Rekeys walk's hips at 30 fps over its 1.2 s cycle, translation and rotation at the same times.
void key_at_30_fps(ArmatureWalk& walk) {
  JointTrack& hips = walk.clip.tracks[0];
  hips.translation.times_s.clear();
  hips.translation.values.clear();
  hips.rotation.times_s.clear();
  hips.rotation.values.clear();
  for (int k = 0; k <= 36; ++k) {  // keys at 30 fps over the 1.2 s cycle
    const float t = static_cast<float>(k) / 30.0f;
    hips.translation.times_s.push_back(t);
    hips.translation.values.push_back({std::sin(5.0f * t), 100.0f * t, 100.0f});
    hips.rotation.times_s.push_back(t);
    hips.rotation.values.push_back(rotation_about(300.0f * t, glm::vec3(0, 0, 1)));
  }
  walk.bind();
}

// A track read with a cursor that follows playback (a frame on, across a key or several, back,
// a jump) gives exactly what a fresh search gives: the cursor only says where to look first.
TEST(RootMotionTrack, ACursorFollowingPlaybackReadsWhatAFreshSearchReads) {
  ArmatureWalk walk;
  key_at_30_fps(walk);
  const RootMotionTrack& track = walk.binding.root_motion;
  ASSERT_TRUE(track.exact);
  std::mt19937 random(46);
  std::uniform_real_distribution<float> step(-0.01f, 0.05f);
  std::array<std::uint32_t, 3> cursors{};
  float t = 0.0f;
  for (int i = 0; i < 5000; ++i) {
    t = i % 97 == 0 ? 1.2f * static_cast<float>(i % 7) / 6.0f : std::fmod(t + step(random), 1.2f);
    std::array<std::uint32_t, 3> fresh{};
    const RootHeading followed = track.at(t, walk.settings, cursors);
    const RootHeading searched = track.at(t, walk.settings, fresh);
    for (int c = 0; c < 3; ++c) ASSERT_EQ(followed.position[c], searched.position[c]) << t;
    ASSERT_EQ(followed.sin_cos, searched.sin_cos) << "t " << t;
  }
}

// Translation and rotation keyed at the same times share one key search, and read exactly what
// two searches read (the same track with the times taken as different), on and off the keys,
// before and after them, playing on, back and jumping.
TEST(RootMotionTrack, KeyTimesSharedByBothChannelsAreSearchedOnceForTheSameValues) {
  ArmatureWalk walk;
  EXPECT_FALSE(walk.binding.root_motion.shared_key_times);  // keyed at different times
  key_at_30_fps(walk);
  const RootMotionTrack& shared = walk.binding.root_motion;
  ASSERT_TRUE(shared.exact);
  ASSERT_TRUE(shared.shared_key_times);
  RootMotionTrack separate = shared;
  separate.shared_key_times = false;
  std::mt19937 random(4646);
  std::uniform_real_distribution<float> step(-0.02f, 0.05f);
  std::uniform_int_distribution<int> key(0, 36);
  std::array<std::uint32_t, 3> shared_cursors{}, separate_cursors{};
  float t = 0.0f;
  for (int i = 0; i < 20000; ++i) {
    if (i % 53 == 0) {
      t = static_cast<float>(key(random)) / 30.0f;  // on a key
    } else if (i % 89 == 0) {
      t = 1.5f * step(random) / 0.05f + (i % 2 == 0 ? 0.0f : 1.2f);  // around the ends
    } else {
      t = std::fmod(std::max(t, 0.0f) + step(random) + 1.2f, 1.2f);
    }
    const RootHeading once = shared.at(t, walk.settings, shared_cursors);
    const RootHeading twice = separate.at(t, walk.settings, separate_cursors);
    for (int c = 0; c < 3; ++c) ASSERT_EQ(once.position[c], twice.position[c]) << t;
    ASSERT_EQ(once.sin_cos, twice.sin_cos) << "t " << t;
  }
}

TEST(RootMotionTrack, ARootWithOneKeyOrNoneStandsStill) {
  ArmatureWalk walk;
  walk.clip.tracks[0].translation.times_s = {0.4f};
  walk.clip.tracks[0].translation.values = {{3, 4, 5}};
  walk.clip.tracks[0].rotation.times_s = {0.4f};
  walk.clip.tracks[0].rotation.values = {rotation_about(30.0f, glm::vec3(0, 0, 1))};
  walk.bind();
  expect_same_steps(walk);
  walk.clip.tracks[0].joint_name = "nobody";
  walk.bind();
  expect_same_steps(walk);
}

// Between two keys 90 degrees apart about +Y the joint turns along nlerp's curve: at a quarter of
// the interval the normalized (3/4) q0 + (1/4) q1 has turned by 2 atan(sin 45 / (3 + cos 45)),
// 21.6 degrees rather than 22.5.
TEST(RootMotionTrack, TheHeadingBetweenKeysFollowsNlerp) {
  Skeleton skeleton;
  skeleton.joint_names = {"hips"};
  skeleton.parents = {kNoParent};
  skeleton.rest_pose.resize(1);
  skeleton.inverse_bind.assign(1, glm::mat4(1.0f));
  Clip clip;
  clip.duration_s = 1.0f;
  JointTrack hips;
  hips.joint_name = "hips";
  hips.rotation.times_s = {0.0f, 1.0f};
  hips.rotation.values = {glm::quat(1, 0, 0, 0), rotation_about(90.0f, kY)};
  clip.tracks = {hips};
  const ClipBinding binding = bind_clip(clip, skeleton);  // measured for joint 0, the default
  ASSERT_TRUE(binding.root_motion.exact);
  const RootMotionSettings settings;
  const RootRestFrame frame = root_rest_frame(skeleton, 0);
  RootMotionCursor cursor;
  const float half = kPi / 4.0f;
  const float expected = 2.0f * std::atan(std::sin(half) / (3.0f + std::cos(half)));
  EXPECT_NEAR(expected, 21.6f * kPi / 180.0f, 1e-3f);
  EXPECT_NEAR(
      extract_root_motion(clip, binding, skeleton, settings, frame, 0.0f, 0.25f, cursor).yaw_rad,
      expected, 1e-6f);
  EXPECT_NEAR(
      extract_root_motion(clip, binding, skeleton, settings, frame, 0.25f, 0.25f, cursor).yaw_rad,
      kPi / 4 - expected, 1e-6f);
}

TEST(RootMotionTrack, CubicSplineRootsAreSampledFromTheirKeysInstead) {
  ArmatureWalk walk;
  JointTrack& hips = walk.clip.tracks[0];
  hips.rotation.interpolation = Interpolation::CubicSpline;
  std::vector<glm::quat> values;
  for (const glm::quat& q : hips.rotation.values) {
    values.insert(values.end(), {glm::quat(0, 0, 0, 0), q, glm::quat(0, 0, 0, 0)});
  }
  hips.rotation.values = values;
  walk.bind();
  EXPECT_FALSE(walk.binding.root_motion.exact);
}

// A binding measured for the armature is not read for the hips: extraction samples their keys.
TEST(RootMotionTrack, ATrackMeasuredForAnotherJointIsNotRead) {
  ArmatureWalk walk;
  const ClipBinding armature = bind_clip(walk.clip, walk.skeleton, {.root_motion_joint = 0});
  ASSERT_EQ(armature.root_motion.joint, 0);
  RootMotionCursor a, b;
  const RootMotionDelta expected = extract_root_motion(walk.clip, walk.binding, walk.skeleton,
                                                       walk.settings, walk.frame, 0.1f, 0.5f, a);
  const RootMotionDelta actual = extract_root_motion(walk.clip, armature, walk.skeleton,
                                                     walk.settings, walk.frame, 0.1f, 0.5f, b);
  EXPECT_GT(glm::length(expected.translation), 0.1f);
  EXPECT_TRUE(testing::vec3_near(actual.translation, expected.translation, 2e-5f));
  EXPECT_NEAR(actual.yaw_rad, expected.yaw_rad, 2e-5f);
}

}  // namespace
}  // namespace anim
