#include "anim/root_motion.h"

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/anim_expect.h"
#include "anim/pose.h"

namespace anim {
namespace {

using testing::rotation_about;
using testing::same_rotation;
using testing::vec3_near;

constexpr float kPi = std::numbers::pi_v<float>;
const glm::vec3 kY(0.0f, 1.0f, 0.0f);

// An armature node (scaled by parent_scale) with the hips under it. The one-second walk cycle
// moves the hips forward (+Z) by 2 units of their parent's space, bobs them up and down, and
// turns them by turn_degrees about +Y.
struct WalkRig {
  Skeleton skeleton;
  Clip clip;
  ClipBinding binding;

  explicit WalkRig(float turn_degrees = 0.0f, float parent_scale = 1.0f) {
    skeleton.joint_names = {"armature", "hips", "spine"};
    skeleton.parents = {kNoParent, 0, 1};
    skeleton.rest_pose.resize(3);
    skeleton.rest_pose[0].scale = glm::vec3(parent_scale);
    skeleton.rest_pose[1].translation = {0, 1, 0};
    skeleton.rest_pose[2].translation = {0, 0.5f, 0};
    skeleton.inverse_bind.assign(3, glm::mat4(1.0f));

    clip.name = "walk";
    clip.duration_s = 1.0f;
    clip.loop = true;
    JointTrack hips;
    hips.joint_name = "hips";
    hips.translation.times_s = {0.0f, 0.5f, 1.0f};
    hips.translation.values = {{0, 1, 0}, {0, 1.1f, 1}, {0, 1, 2}};
    hips.rotation.times_s = {0.0f, 1.0f};
    hips.rotation.values = {glm::quat(1, 0, 0, 0), rotation_about(turn_degrees, kY)};
    clip.tracks = {hips};
    binding = bind_clip(clip, skeleton);
  }

  RootMotionDelta step(float time_s, float delta_s, const RootMotionSettings& settings) const {
    return extract_root_motion(clip, binding, skeleton, settings, time_s, delta_s);
  }
};

RootMotionSettings hips_settings() {
  RootMotionSettings settings;
  settings.root_joint = 1;
  return settings;
}

TEST(ExtractRootMotion, StepWithinTheCycleIsTheRootsDisplacement) {
  const WalkRig rig;
  const RootMotionDelta d = rig.step(0.25f, 0.5f, hips_settings());
  EXPECT_TRUE(vec3_near(d.translation, {0, 0, 1}));
  EXPECT_NEAR(d.yaw_rad, 0.0f, 1e-6f);
}

TEST(ExtractRootMotion, HeightIsExtractedOnlyWhenAsked) {
  const WalkRig rig;
  RootMotionSettings settings = hips_settings();
  EXPECT_NEAR(rig.step(0.0f, 0.5f, settings).translation.y, 0.0f, 1e-6f);
  settings.extract_y = true;
  settings.extract_z = false;
  EXPECT_TRUE(vec3_near(rig.step(0.0f, 0.5f, settings).translation, {0, 0.1f, 0}));
}

TEST(ExtractRootMotion, WrappingAddsTheRestOfTheCycleInsteadOfSnappingBack) {
  const WalkRig rig;
  // 0.9 -> 1.0 covers 0.2 units, then 0.0 -> 0.1 another 0.2.
  EXPECT_TRUE(vec3_near(rig.step(0.9f, 0.2f, hips_settings()).translation, {0, 0, 0.4f}, 1e-5f));
  // A jump of several cycles at once.
  EXPECT_TRUE(vec3_near(rig.step(0.5f, 3.0f, hips_settings()).translation, {0, 0, 6}, 1e-4f));
}

TEST(ExtractRootMotion, AccumulatingFrameByFrameOverNLoopsIsNTimesOneCycle) {
  const WalkRig rig;
  for (int loops : {1, 3, 7}) {
    Transform world;
    float time_s = 0.0f;
    const float dt = 1.0f / 30.0f;
    const int frames = loops * 30;
    for (int f = 0; f < frames; ++f) {
      world = accumulate_root_motion(world, rig.step(time_s, dt, hips_settings()));
      time_s = wrap_clip_time(rig.clip, time_s + dt);
    }
    EXPECT_TRUE(vec3_near(world.translation, {0, 0, 2.0f * static_cast<float>(loops)}, 1e-3f))
        << loops << " loops";
  }
}

TEST(ExtractRootMotion, ACursorGivesTheSameStepsAndStartsWhereTheLastStepEnded) {
  // A turning walk (the heading matters) played at 60 Hz over two loops, with and without a
  // cursor: every step agrees, and the cursor sits at the end of the last step.
  const WalkRig rig(90.0f);
  const RootRestFrame frame = root_rest_frame(rig.skeleton, 1);
  RootMotionCursor cursor;
  float time_s = 0.0f;
  const float dt = 1.0f / 60.0f;
  for (int f = 0; f < 120; ++f) {
    const RootMotionDelta fresh = rig.step(time_s, dt, hips_settings());
    const RootMotionDelta kept = extract_root_motion(rig.clip, rig.binding, rig.skeleton,
                                                     hips_settings(), frame, time_s, dt, cursor);
    ASSERT_TRUE(vec3_near(kept.translation, fresh.translation, 1e-5f)) << "frame " << f;
    ASSERT_NEAR(kept.yaw_rad, fresh.yaw_rad, 1e-5f) << "frame " << f;
    time_s = wrap_clip_time(rig.clip, time_s + dt);
    ASSERT_TRUE(cursor.valid);
    ASSERT_NEAR(cursor.time_s, time_s, 1e-5f) << "frame " << f;
  }
  // Half a cycle in: the hips are 1 forward (at 0.5 s) and turned 45 degrees.
  cursor = {};
  (void)extract_root_motion(rig.clip, rig.binding, rig.skeleton, hips_settings(), frame, 0.0f, 0.5f,
                            cursor);
  EXPECT_NEAR(cursor.time_s, 0.5f, 1e-6f);
  EXPECT_TRUE(vec3_near(cursor.position, {0, 0, 1}, 1e-5f));
  // The heading kept for the next step: (sin, cos) of the 45 degree yaw.
  EXPECT_NEAR(cursor.heading.x, std::sin(kPi / 4.0f), 1e-5f);
  EXPECT_NEAR(cursor.heading.y, std::cos(kPi / 4.0f), 1e-5f);
}

// A step within the first cycle (read without dividing by the duration) is, bit for bit, the
// same step a whole cycle later (whose cycle is measured): times on a 1/64 s grid, so that a
// cycle later they are exact too.
TEST(ExtractRootMotion, AStepWithinTheFirstCycleIsTheSameStepACycleLater) {
  const WalkRig rig(90.0f);
  const RootRestFrame frame = root_rest_frame(rig.skeleton, 1);
  for (int start = 0; start < 64; ++start) {
    for (int length = -start; start + length < 64; length += 5) {
      const float time_s = static_cast<float>(start) / 64.0f;
      const float delta_s = static_cast<float>(length) / 64.0f;
      RootMotionCursor first, later;
      const RootMotionDelta a = extract_root_motion(rig.clip, rig.binding, rig.skeleton,
                                                    hips_settings(), frame, time_s, delta_s, first);
      const RootMotionDelta b =
          extract_root_motion(rig.clip, rig.binding, rig.skeleton, hips_settings(), frame,
                              time_s + rig.clip.duration_s, delta_s, later);
      for (int c = 0; c < 3; ++c) ASSERT_EQ(a.translation[c], b.translation[c]) << start;
      ASSERT_EQ(a.yaw_rad, b.yaw_rad) << start << " " << length;
    }
  }
}

TEST(ExtractRootMotion, ACursorAtAnotherTimeIsNotUsed) {
  const WalkRig rig;
  const RootRestFrame frame = root_rest_frame(rig.skeleton, 1);
  // A cursor left at 0.25 s holding a made-up sample: a step from 0.5 s samples its own start.
  RootMotionCursor cursor{true, 0.25f, {0, 0, 40}, {std::sin(1.0f), std::cos(1.0f)}};
  const RootMotionDelta step = extract_root_motion(rig.clip, rig.binding, rig.skeleton,
                                                   hips_settings(), frame, 0.5f, 0.25f, cursor);
  EXPECT_TRUE(vec3_near(step.translation, {0, 0, 0.5f}, 1e-5f));
  EXPECT_NEAR(step.yaw_rad, 0.0f, 1e-6f);
  // The same made-up sample at the step's start is taken as the start: 1.5 - 40 along z.
  cursor = {true, 0.5f, {0, 0, 40}};
  const RootMotionDelta from_cursor = extract_root_motion(
      rig.clip, rig.binding, rig.skeleton, hips_settings(), frame, 0.5f, 0.25f, cursor);
  EXPECT_TRUE(vec3_near(from_cursor.translation, {0, 0, 1.5f - 40.0f}, 1e-4f));
}

TEST(ExtractRootMotion, TurningCycleComposesInTheCharactersHeading) {
  // Each cycle walks 2 forward while turning 90 degrees left: four cycles trace a closed loop.
  const WalkRig rig(90.0f);
  const RootMotionDelta cycle = rig.step(0.0f, 1.0f, hips_settings());
  EXPECT_TRUE(vec3_near(cycle.translation, {0, 0, 2}));
  EXPECT_NEAR(cycle.yaw_rad, kPi / 2.0f, 1e-5f);
  Transform world;
  const glm::vec3 expected[] = {{0, 0, 2}, {2, 0, 2}, {2, 0, 0}, {0, 0, 0}};
  for (int loop = 0; loop < 4; ++loop) {
    world = accumulate_root_motion(world, rig.step(0.0f, 1.0f, hips_settings()));
    EXPECT_TRUE(vec3_near(world.translation, expected[loop], 1e-4f)) << "after loop " << loop;
  }
  EXPECT_TRUE(same_rotation(world.rotation, glm::quat(1, 0, 0, 0), 1e-5f));
  // Four cycles in one step give the same answer as four steps.
  const RootMotionDelta four = rig.step(0.0f, 4.0f, hips_settings());
  EXPECT_TRUE(vec3_near(four.translation, {0, 0, 0}, 1e-4f));
  EXPECT_NEAR(std::remainder(four.yaw_rad, 2.0f * kPi), 0.0f, 1e-4f);
}

TEST(ExtractRootMotion, PlaysBackwardsAcrossTheLoopStart) {
  const WalkRig rig;
  EXPECT_TRUE(vec3_near(rig.step(0.1f, -0.2f, hips_settings()).translation, {0, 0, -0.4f}, 1e-5f));
}

TEST(ExtractRootMotion, OneShotClipStopsAtItsEnd) {
  WalkRig rig;
  rig.clip.loop = false;
  EXPECT_TRUE(vec3_near(rig.step(0.5f, 2.0f, hips_settings()).translation, {0, 0, 1}));
}

TEST(ExtractRootMotion, MeasuresInModelSpaceThroughAScaledParent) {
  const WalkRig rig(0.0f, 0.5f);
  EXPECT_TRUE(vec3_near(rig.step(0.0f, 1.0f, hips_settings()).translation, {0, 0, 1}));
}

TEST(ExtractRootMotion, MeasuresInModelSpaceThroughAZUpScaledArmature) {
  // A Z-up armature (turned -90 degrees about +X, so its -Y is the model's +Z and its +Z the
  // model's +Y) scaled by 0.5: the hips walk 2 along its -Y while turning 90 degrees about its
  // +Z, which is 1 along the model's +Z and a 90 degree turn about +Y, 45 half way.
  WalkRig rig(0.0f, 0.5f);
  rig.skeleton.rest_pose[0].rotation = rotation_about(-90.0f, glm::vec3(1, 0, 0));
  JointTrack& hips = rig.clip.tracks[0];
  hips.translation.values = {{0, 0, 0}, {0, -1, 0}, {0, -2, 0}};
  hips.rotation.values = {glm::quat(1, 0, 0, 0), rotation_about(90.0f, glm::vec3(0, 0, 1))};
  const RootMotionDelta cycle = rig.step(0.0f, 1.0f, hips_settings());
  EXPECT_TRUE(vec3_near(cycle.translation, {0, 0, 1}, 1e-5f));
  EXPECT_NEAR(cycle.yaw_rad, kPi / 2.0f, 1e-5f);
  const RootMotionDelta half = rig.step(0.0f, 0.5f, hips_settings());
  EXPECT_TRUE(vec3_near(half.translation, {0, 0, 0.5f}, 1e-5f));
  EXPECT_NEAR(half.yaw_rad, kPi / 4.0f, 1e-5f);
}

TEST(ExtractRootMotion, BadRootJointOrDurationGivesAZeroStep) {
  WalkRig rig;
  RootMotionSettings settings;
  settings.root_joint = 3;
  EXPECT_TRUE(vec3_near(rig.step(0.0f, 0.5f, settings).translation, {0, 0, 0}));
  settings.root_joint = -1;
  EXPECT_TRUE(vec3_near(rig.step(0.0f, 0.5f, settings).translation, {0, 0, 0}));
  rig.clip.duration_s = 0.0f;
  EXPECT_TRUE(vec3_near(rig.step(0.0f, 0.5f, hips_settings()).translation, {0, 0, 0}));
}

TEST(RemoveRootMotion, KeepsTheRootInPlaceButKeepsTheBobbing) {
  const WalkRig rig(90.0f);
  SamplingCache cache(rig.clip);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sample_clip(rig.clip, rig.binding, rig.skeleton, 0.5f, cache, pose));
  ASSERT_TRUE(remove_root_motion(rig.skeleton, hips_settings(), pose));
  std::vector<glm::mat4> model(3);
  ASSERT_TRUE(local_to_model(rig.skeleton, pose, model));
  EXPECT_TRUE(vec3_near(glm::vec3(model[1][3]), {0, 1.1f, 0}));
  // The 45-degree turn of mid-cycle is gone: the hips face +Z again.
  EXPECT_TRUE(vec3_near(glm::vec3(model[1] * glm::vec4(0, 0, 1, 0)), {0, 0, 1}, 1e-5f));
}

TEST(RemoveRootMotion, TakesOutEveryHeadingAndKeepsThePitch) {
  // The hips turned by yaw about +Y after a 20-degree pitch about +X: removal leaves the pitch
  // alone, whichever way and however far they turned (a half turn included).
  const WalkRig rig;
  const glm::vec3 kX(1.0f, 0.0f, 0.0f);
  const glm::quat pitch = rotation_about(20.0f, kX);
  for (float yaw_deg : {0.0f, 45.0f, -100.0f, 179.0f, 180.0f, -179.5f}) {
    std::vector<Transform> pose(3);
    pose[1].rotation = rotation_about(yaw_deg, kY) * pitch;
    ASSERT_TRUE(remove_root_motion(rig.skeleton, hips_settings(), pose));
    EXPECT_TRUE(same_rotation(pose[1].rotation, pitch, 1e-5f)) << yaw_deg << " degrees";
  }
}

TEST(RemoveRootMotion, UndoesTheParentsScaleWhenWritingTheLocalPoseBack) {
  const WalkRig rig(0.0f, 0.5f);
  SamplingCache cache(rig.clip);
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sample_clip(rig.clip, rig.binding, rig.skeleton, 0.5f, cache, pose));
  ASSERT_TRUE(remove_root_motion(rig.skeleton, hips_settings(), pose));
  EXPECT_TRUE(vec3_near(pose[1].translation, {0, 1.1f, 0}));
}

// A root whose parent rests at the identity (the hips under an unscaled armature) skips the
// composes with the parent and its inverse: the same pose as composing, over random root poses
// (unnormalized rotations, scaled) and every choice of extracted components.
TEST(RemoveRootMotion, AnIdentityParentGivesTheSamePoseAsComposingWithIt) {
  const WalkRig rig;
  const RootRestFrame frame = root_rest_frame(rig.skeleton, 1);
  ASSERT_TRUE(frame.parent_is_identity);
  EXPECT_FALSE(root_rest_frame(WalkRig(0.0f, 2.0f).skeleton, 1).parent_is_identity);
  RootRestFrame composing = frame;
  composing.parent_is_identity = false;

  std::mt19937 random(46);
  std::uniform_real_distribution<float> any(-1.0f, 1.0f);
  std::uniform_real_distribution<float> positive(0.5f, 1.5f);
  for (int i = 0; i < 2000; ++i) {
    RootMotionSettings settings = hips_settings();
    settings.extract_x = (i & 1) != 0;
    settings.extract_y = (i & 2) != 0;
    settings.extract_z = (i & 4) != 0;
    settings.extract_yaw = (i & 8) != 0;
    std::vector<Transform> fast = rig.skeleton.rest_pose;
    fast[1] = {{any(random), 1.0f + any(random), any(random)},
               glm::quat(any(random), any(random), any(random), any(random)) * positive(random),
               {positive(random), positive(random), positive(random)}};
    std::vector<Transform> composed = fast;
    ASSERT_TRUE(remove_root_motion(rig.skeleton, settings, frame, fast));
    ASSERT_TRUE(remove_root_motion(rig.skeleton, settings, composing, composed));
    for (int c = 0; c < 3; ++c) {
      ASSERT_EQ(fast[1].translation[c], composed[1].translation[c]) << "pose " << i;
      ASSERT_EQ(fast[1].scale[c], composed[1].scale[c]) << "pose " << i;
    }
    for (int c = 0; c < 4; ++c) ASSERT_EQ(fast[1].rotation[c], composed[1].rotation[c]) << i;
  }
}

TEST(RemoveRootMotion, RejectsEachBrokenInput) {
  const WalkRig rig;
  std::vector<Transform> pose(3);
  std::vector<Transform> short_pose(2);
  EXPECT_FALSE(remove_root_motion(rig.skeleton, hips_settings(), short_pose));
  RootMotionSettings settings;
  settings.root_joint = 9;
  EXPECT_FALSE(remove_root_motion(rig.skeleton, settings, pose));
}

TEST(AccumulateRootMotion, MovesAlongTheCurrentHeadingAndKeepsScale) {
  Transform world;
  world.translation = {1, 0, 0};
  world.rotation = rotation_about(90.0f, kY);
  world.scale = glm::vec3(2.0f);
  const Transform next = accumulate_root_motion(world, {{0, 0, 1}, kPi / 2.0f});
  // Forward (+Z) turned 90 degrees is +X, scaled by 2.
  EXPECT_TRUE(vec3_near(next.translation, {3, 0, 0}));
  EXPECT_TRUE(same_rotation(next.rotation, rotation_about(180.0f, kY)));
  EXPECT_TRUE(vec3_near(next.scale, {2, 2, 2}));
}

TEST(ComposeRootMotion, SecondStepIsTakenInTheHeadingLeftByTheFirst) {
  const RootMotionDelta a{{0, 0, 1}, kPi / 2.0f};
  const RootMotionDelta b{{0, 0, 1}, 0.0f};
  const RootMotionDelta ab = compose(a, b);
  EXPECT_TRUE(vec3_near(ab.translation, {1, 0, 1}));
  EXPECT_NEAR(ab.yaw_rad, kPi / 2.0f, 1e-6f);
}

}  // namespace
}  // namespace anim
