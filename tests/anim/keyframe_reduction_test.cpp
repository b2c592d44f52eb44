#include "anim/keyframe_reduction.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"
#include "anim/clip_sampling.h"
#include "anim/synthetic_character.h"

namespace anim {
namespace {

using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

const glm::vec3 kY(0.0f, 1.0f, 0.0f);

Clip one_track_clip(Vec3Track translation, QuatTrack rotation = {}) {
  Clip clip;
  clip.duration_s = 2.0f;
  JointTrack track;
  track.joint_name = "j";
  track.translation = std::move(translation);
  track.rotation = std::move(rotation);
  clip.tracks.push_back(std::move(track));
  return clip;
}

TEST(ReduceKeyframes, CollinearKeysReduceToTheEnds) {
  Vec3Track line;
  for (int k = 0; k <= 20; ++k) {
    line.times_s.push_back(0.1f * static_cast<float>(k));
    line.values.push_back(glm::vec3(1, 2, 3) * (0.1f * static_cast<float>(k)));
  }
  const Clip reduced = reduce_keyframes(one_track_clip(line));
  const Vec3Track& r = reduced.tracks[0].translation;
  ASSERT_EQ(r.times_s.size(), 2u);
  EXPECT_FLOAT_EQ(r.times_s[1], 2.0f);
  EXPECT_TRUE(vec3_near(r.values[1], {2, 4, 6}));
}

TEST(ReduceKeyframes, KeepsAKeyWhoseErrorExceedsTheTolerance) {
  // A tent: dropping the middle key makes an error of exactly 1 there.
  Vec3Track tent;
  tent.times_s = {0.0f, 1.0f, 2.0f};
  tent.values = {{0, 0, 0}, {0, 1, 0}, {0, 0, 0}};
  KeyReductionTolerance tolerance;
  tolerance.translation_m = 0.5f;
  EXPECT_EQ(reduce_keyframes(one_track_clip(tent), tolerance).tracks[0].translation.times_s.size(),
            3u);
  tolerance.translation_m = 1.5f;
  EXPECT_EQ(reduce_keyframes(one_track_clip(tent), tolerance).tracks[0].translation.times_s.size(),
            2u);
  tolerance.translation_m = -1.0f;  // invalid: everything is kept
  EXPECT_EQ(reduce_keyframes(one_track_clip(tent), tolerance).tracks[0].translation.times_s.size(),
            3u);
}

TEST(ReduceKeyframes, ConstantSpeedTurnNeedsOnlyItsEnds) {
  QuatTrack turn;
  for (int k = 0; k <= 4; ++k) {
    turn.times_s.push_back(0.5f * static_cast<float>(k));
    turn.values.push_back(rotation_about(5.0f * static_cast<float>(k), kY));
  }
  // nlerp over 20 degrees lags slerp by well under a thousandth of a radian.
  KeyReductionTolerance tolerance;
  tolerance.rotation_rad = 1e-3f;
  // A copy: a reference into the returned clip would outlive it.
  const QuatTrack r = reduce_keyframes(one_track_clip({}, turn), tolerance).tracks[0].rotation;
  ASSERT_EQ(r.times_s.size(), 2u);
  EXPECT_TRUE(same_rotation(r.values[1], rotation_about(20.0f, kY)));
}

TEST(ReduceKeyframes, LeavesStepAndCubicTracksAlone) {
  Vec3Track step;
  step.interpolation = Interpolation::Step;
  step.times_s = {0.0f, 1.0f, 2.0f};
  step.values = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  EXPECT_EQ(reduce_keyframes(one_track_clip(step)).tracks[0].translation.times_s.size(), 3u);
  Vec3Track cubic = step;
  cubic.interpolation = Interpolation::CubicSpline;
  cubic.values.assign(9, glm::vec3(0.0f));
  EXPECT_EQ(reduce_keyframes(one_track_clip(cubic)).tracks[0].translation.values.size(), 9u);
}

TEST(ReduceKeyframes, StaysWithinTheToleranceAtEveryOriginalKeyAndShrinksTheClip) {
  const Skeleton skeleton = testing::make_synthetic_skeleton();
  const Clip clip = testing::make_synthetic_clip(skeleton, "walk", 0.0f);
  KeyReductionTolerance tolerance;
  tolerance.translation_m = 1e-3f;
  tolerance.rotation_rad = 1e-3f;
  tolerance.scale = 1e-3f;
  const Clip reduced = reduce_keyframes(clip, tolerance);
  EXPECT_LT(clip_key_bytes(reduced), clip_key_bytes(clip) * 3 / 4);
  for (std::size_t t = 0; t < clip.tracks.size(); ++t) {
    const JointTrack& original = clip.tracks[t];
    const JointTrack& small = reduced.tracks[t];
    std::uint32_t c0 = 0, c1 = 0, c2 = 0;
    for (std::size_t k = 0; k < original.translation.times_s.size(); ++k) {
      const float time = original.translation.times_s[k];
      EXPECT_LE(glm::length(sample_track(small.translation, time, c0, {}) -
                            original.translation.values[k]),
                tolerance.translation_m * 1.001f);
      // The angle between the two rotations, via atan2 (acos loses small angles in float).
      const glm::quat r =
          glm::conjugate(original.rotation.values[k]) * sample_track(small.rotation, time, c1, {});
      const float angle = 2.0f * std::atan2(glm::length(glm::vec3(r.x, r.y, r.z)), std::fabs(r.w));
      EXPECT_LE(angle, tolerance.rotation_rad * 1.01f);
      const glm::vec3 ds =
          glm::abs(sample_track(small.scale, time, c2, {}) - original.scale.values[k]);
      EXPECT_LE(std::max({ds.x, ds.y, ds.z}), tolerance.scale * 1.001f);
    }
  }
}

TEST(ClipKeyBytes, CountsKeyTimesAndValues) {
  Vec3Track translation;
  translation.times_s = {0.0f, 1.0f};
  translation.values = {{0, 0, 0}, {1, 0, 0}};
  QuatTrack rotation;
  rotation.times_s = {0.0f};
  rotation.values = {glm::quat(1, 0, 0, 0)};
  // 2 * (4 + 12) + (4 + 16)
  EXPECT_EQ(clip_key_bytes(one_track_clip(translation, rotation)), 52u);
}

}  // namespace
}  // namespace anim
