#include "anim/ground_motion_baking.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "anim/clip_sampling.h"
#include "anim/root_motion.h"

namespace {

using namespace anim;

// A root under an armature turned +90 degrees about X at a hundredth's scale, as Blender's FBX
// exports place a rig: the root's keys live in the armature's space, not in model space.
Skeleton armature_skeleton() {
  Skeleton s;
  s.joint_names = {"Armature", "Hips", "Spine"};
  s.parents = {kNoParent, 0, 1};
  s.rest_pose.resize(3);
  s.rest_pose[0].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(1.0f, 0.0f, 0.0f));
  s.rest_pose[0].scale = glm::vec3(0.01f);
  s.rest_pose[1].translation = {0.0f, 0.0f, 95.0f};  // 0.95 m up in model space
  s.rest_pose[2].translation = {0.0f, 0.0f, 10.0f};
  return s;
}

// An in-place walk: the hips bob in the armature's z (model y) on three keys.
Clip bobbing_clip() {
  Clip clip;
  clip.name = "walk_in_place";
  clip.duration_s = 1.0f;
  clip.loop = true;
  JointTrack hips;
  hips.joint_name = "Hips";
  hips.translation.times_s = {0.0f, 0.5f, 1.0f};
  hips.translation.values = {{0.0f, 0.0f, 95.0f}, {0.0f, 0.0f, 93.0f}, {0.0f, 0.0f, 95.0f}};
  clip.tracks.push_back(hips);
  return clip;
}

// 1.2 m forward (+Z) and 0.1 m to the left (+X) over the second, at 10 frames.
GroundMotion steady_ground() {
  GroundMotion ground;
  ground.frame_s = 0.1f;
  for (int i = 0; i <= 10; ++i) {
    ground.displacement.push_back(glm::vec3(0.01f, 0.0f, 0.12f) * static_cast<float>(i));
  }
  return ground;
}

TEST(GroundMotionBaking, TheRootsKeysCarryTheDisplacementIntoItsParentsSpace) {
  const Skeleton skeleton = armature_skeleton();
  const Clip baked = bake_ground_motion(skeleton, bobbing_clip(), steady_ground(), 1);
  ASSERT_EQ(baked.tracks.size(), 1u);
  const Vec3Track& t = baked.tracks[0].translation;
  ASSERT_EQ(t.times_s.size(), 11u);
  EXPECT_EQ(t.interpolation, Interpolation::Linear);
  // Model (x, y, z) is the armature's (x, -z, y) turned back and a hundred times larger: model +Z
  // is the armature's +Y. At 0.3 s the bob is 95 - 2 * 0.6 = 93.8 and the ground has moved
  // (0.03, 0, 0.36) m.
  EXPECT_NEAR(t.times_s[3], 0.3f, 1e-6f);
  EXPECT_NEAR(t.values[3].x, 3.0f, 1e-3f);
  EXPECT_NEAR(t.values[3].y, 36.0f, 1e-3f);
  EXPECT_NEAR(t.values[3].z, 93.8f, 1e-3f);
  EXPECT_NEAR(t.times_s[10], 1.0f, 1e-6f);
  EXPECT_NEAR(t.values[10].y, 120.0f, 1e-3f);
}

TEST(GroundMotionBaking, ExtractingRootMotionGivesTheGroundMotionBack) {
  const Skeleton skeleton = armature_skeleton();
  const Clip baked = bake_ground_motion(skeleton, bobbing_clip(), steady_ground(), 1);
  const ClipBinding binding = bind_clip(baked, skeleton);
  RootMotionSettings settings;
  settings.root_joint = 1;
  for (const float from : {0.0f, 0.25f, 0.7f}) {
    for (const float step : {0.05f, 0.2f, 0.6f}) {  // 0.6 from 0.7 wraps round the loop
      const RootMotionDelta d = extract_root_motion(baked, binding, skeleton, settings, from, step);
      EXPECT_NEAR(d.translation.x, 0.1f * step, 1e-5f) << from << " + " << step;
      EXPECT_NEAR(d.translation.z, 1.2f * step, 1e-5f) << from << " + " << step;
      EXPECT_NEAR(d.yaw_rad, 0.0f, 1e-6f);
    }
  }
}

TEST(GroundMotionBaking, ARootWithoutKeysStartsFromItsRestAndNoGroundLeavesTheClip) {
  const Skeleton skeleton = armature_skeleton();
  Clip clip = bobbing_clip();
  clip.tracks[0].joint_name = "Spine";  // the hips are not animated
  const Clip baked = bake_ground_motion(skeleton, clip, steady_ground(), 1);
  ASSERT_EQ(baked.tracks.size(), 2u);
  EXPECT_EQ(baked.tracks[1].joint_name, "Hips");
  EXPECT_NEAR(baked.tracks[1].translation.values[5].x, 5.0f, 1e-3f);
  EXPECT_NEAR(baked.tracks[1].translation.values[5].y, 60.0f, 1e-3f);
  EXPECT_NEAR(baked.tracks[1].translation.values[5].z, 95.0f, 1e-3f);
  EXPECT_TRUE(baked.tracks[1].rotation.empty());

  const Clip unchanged = bake_ground_motion(skeleton, clip, GroundMotion{}, 1);
  ASSERT_EQ(unchanged.tracks.size(), 1u);
  EXPECT_EQ(unchanged.tracks[0].translation.values, clip.tracks[0].translation.values);
  EXPECT_EQ(bake_ground_motion(skeleton, clip, steady_ground(), 7).tracks.size(), 1u);
}

}  // namespace
