#include "anim/loop_seam.h"

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "anim_expect.h"

namespace anim {
namespace {

using testing::rotation_about;

constexpr float kPi = std::numbers::pi_v<float>;

// root (on the ground) -> hip one metre up -> knee half a metre below the hip.
Skeleton make_leg() {
  Skeleton s;
  s.joint_names = {"root", "hip", "knee"};
  s.parents = {kNoParent, 0, 1};
  s.rest_pose.resize(3);
  s.rest_pose[1].translation = {0.0f, 1.0f, 0.0f};
  s.rest_pose[2].translation = {0.0f, -0.5f, 0.0f};
  s.inverse_bind.assign(3, glm::mat4(1.0f));
  return s;
}

JointTrack rotation_track(const char* joint, std::vector<float> times,
                          std::vector<glm::quat> values) {
  JointTrack track;
  track.joint_name = joint;
  track.rotation.times_s = std::move(times);
  track.rotation.values = std::move(values);
  return track;
}

JointTrack translation_track(const char* joint, std::vector<float> times,
                             std::vector<glm::vec3> values) {
  JointTrack track;
  track.joint_name = joint;
  track.translation.times_s = std::move(times);
  track.translation.values = std::move(values);
  return track;
}

// A hip swing that returns to its first pose after one second; the hip ends at end_deg.
Clip hip_swing(float end_deg) {
  Clip clip;
  clip.name = "swing";
  clip.duration_s = 1.0f;
  clip.tracks.push_back(rotation_track("hip", {0.0f, 0.5f, 1.0f},
                                       {glm::quat(1, 0, 0, 0), rotation_about(30.0f, {1, 0, 0}),
                                        rotation_about(end_deg, {1, 0, 0})}));
  return clip;
}

ClipLoopReport measure(const Clip& clip, const LoopSeamSettings& settings = {}) {
  const Skeleton skeleton = make_leg();
  ClipLoopReport report;
  const JobResult result =
      measure_clip_loop(clip, bind_clip(clip, skeleton), skeleton, settings, report);
  EXPECT_TRUE(result) << result.error;
  return report;
}

TEST(LoopSeam, ClipReturningToItsFirstPoseLoopsCleanly) {
  const ClipLoopReport report = measure(hip_swing(0.0f));
  EXPECT_NEAR(report.seam_position_m, 0.0f, 1e-6f);
  EXPECT_NEAR(report.seam_rotation_rad, 0.0f, 1e-3f);
  EXPECT_TRUE(report.loops_cleanly);
  EXPECT_FALSE(report.has_root_motion);
  EXPECT_NEAR(report.root_displacement_m, 0.0f, 1e-6f);
}

TEST(LoopSeam, ClipEndingElsewhereIsMeasuredAtTheWorstJoints) {
  const ClipLoopReport report = measure(hip_swing(45.0f));
  // The hip turns 45 degrees; the knee, half a metre below it, moves by the chord
  // 2 * 0.5 * sin(22.5 deg).
  EXPECT_NEAR(report.seam_rotation_rad, kPi / 4.0f, 1e-5f);
  EXPECT_EQ(report.seam_rotation_joint, 1);
  EXPECT_NEAR(report.seam_position_m, 2.0f * 0.5f * std::sin(kPi / 8.0f), 1e-5f);
  EXPECT_EQ(report.seam_position_joint, 2);
  EXPECT_FALSE(report.loops_cleanly);
  EXPECT_FALSE(report.has_root_motion);
}

TEST(LoopSeam, ToleranceDecidesASmallSeam) {
  // One degree at the hip moves the knee by 2 * 0.5 * sin(0.5 deg) = 8.7 mm.
  const Clip clip = hip_swing(1.0f);
  EXPECT_TRUE(measure(clip).loops_cleanly);
  LoopSeamSettings strict;
  strict.position_tolerance_m = 0.005f;
  const ClipLoopReport report = measure(clip, strict);
  EXPECT_NEAR(report.seam_position_m, std::sin(glm::radians(0.5f)), 1e-5f);
  EXPECT_FALSE(report.loops_cleanly);
}

TEST(LoopSeam, WalkCycleWithRootMotionLoopsCleanlyAndCarriesRootMotion) {
  Clip walk = hip_swing(0.0f);
  walk.tracks.push_back(
      translation_track("root", {0.0f, 1.0f}, {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.5f)}));
  const ClipLoopReport report = measure(walk);
  EXPECT_NEAR(report.root_displacement_m, 1.5f, 1e-5f);
  EXPECT_NEAR(report.root_yaw_rad, 0.0f, 1e-6f);
  EXPECT_TRUE(report.has_root_motion);
  // The stride is root motion, not a seam.
  EXPECT_NEAR(report.seam_position_m, 0.0f, 1e-5f);
  EXPECT_TRUE(report.loops_cleanly);
}

TEST(LoopSeam, TurnInPlaceCarriesRootMotion) {
  Clip turn;
  turn.duration_s = 2.0f;
  turn.tracks.push_back(rotation_track("root", {0.0f, 2.0f},
                                       {glm::quat(1, 0, 0, 0), rotation_about(90.0f, {0, 1, 0})}));
  const ClipLoopReport report = measure(turn);
  EXPECT_NEAR(report.root_yaw_rad, kPi / 2.0f, 1e-5f);
  EXPECT_NEAR(report.root_displacement_m, 0.0f, 1e-6f);
  EXPECT_TRUE(report.has_root_motion);
  EXPECT_TRUE(report.loops_cleanly);  // in place, the end pose is the start pose
}

TEST(LoopSeam, VerticalRootOffsetIsASeamNotRootMotion) {
  Clip rise;
  rise.duration_s = 1.0f;
  rise.tracks.push_back(
      translation_track("root", {0.0f, 1.0f}, {glm::vec3(0.0f), glm::vec3(0.0f, 0.2f, 0.0f)}));
  const ClipLoopReport report = measure(rise);
  EXPECT_NEAR(report.seam_position_m, 0.2f, 1e-6f);
  EXPECT_FALSE(report.loops_cleanly);
  EXPECT_FALSE(report.has_root_motion);
}

TEST(LoopSeam, NonLoopingClipIsMeasuredAtItsEndToo) {
  Clip clip = hip_swing(45.0f);
  clip.loop = false;
  EXPECT_NEAR(measure(clip).seam_rotation_rad, kPi / 4.0f, 1e-5f);
}

TEST(LoopSeam, RejectsABindingForAnotherClip) {
  const Skeleton skeleton = make_leg();
  Clip two_tracks = hip_swing(0.0f);
  two_tracks.tracks.push_back(two_tracks.tracks[0]);
  ClipLoopReport report;
  report.seam_position_m = 42.0f;
  const JobResult result = measure_clip_loop(two_tracks, bind_clip(hip_swing(0.0f), skeleton),
                                             skeleton, LoopSeamSettings{}, report);
  ASSERT_FALSE(result);
  EXPECT_NE(std::string(result.error).find("binding"), std::string::npos);
  EXPECT_EQ(report.seam_position_m, 42.0f);
}

TEST(LoopSeam, RejectsARootThatIsNotAJoint) {
  const Skeleton skeleton = make_leg();
  const Clip clip = hip_swing(0.0f);
  LoopSeamSettings settings;
  settings.root_motion.root_joint = 3;
  ClipLoopReport report;
  const JobResult result =
      measure_clip_loop(clip, bind_clip(clip, skeleton), skeleton, settings, report);
  ASSERT_FALSE(result);
  EXPECT_NE(std::string(result.error).find("root_joint"), std::string::npos);
}

TEST(LoopSeam, RejectsAnInconsistentSkeleton) {
  Skeleton skeleton = make_leg();
  const Clip clip = hip_swing(0.0f);
  const ClipBinding binding = bind_clip(clip, skeleton);
  skeleton.rest_pose.pop_back();
  ClipLoopReport report;
  EXPECT_FALSE(measure_clip_loop(clip, binding, skeleton, LoopSeamSettings{}, report));
}

}  // namespace
}  // namespace anim
