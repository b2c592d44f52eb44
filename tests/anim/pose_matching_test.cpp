#include "anim/pose_matching.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <glm/gtc/quaternion.hpp>

namespace anim {
namespace {

// root -> leg -> foot and root -> arm. The leg swings about X by 0.5 sin(2 pi t) and the arm by
// 0.5 cos(2 pi t), so every phase of the 1 s cycle has a pose of its own.
Skeleton make_skeleton() {
  Skeleton s;
  s.joint_names = {"root", "leg", "foot", "arm"};
  s.parents = {kNoParent, 0, 1, 0};
  s.rest_pose.resize(4);
  s.rest_pose[1].translation = {0.1f, 0.0f, 0.0f};
  s.rest_pose[2].translation = {0.0f, -0.5f, 0.0f};
  s.rest_pose[3].translation = {-0.1f, 0.5f, 0.0f};
  s.inverse_bind.assign(4, glm::mat4(1.0f));
  return s;
}

constexpr float kFps = 20.0f;

// The cycle starting at phase_s, keyed every frame; the root also travels forward so root
// motion must not count.
Clip make_cycle(const char* name, float phase_s, float root_speed) {
  Clip c;
  c.name = name;
  c.duration_s = 1.0f;
  c.source_fps = kFps;
  c.loop = true;
  JointTrack root, leg, arm;
  root.joint_name = "root";
  leg.joint_name = "leg";
  arm.joint_name = "arm";
  const glm::vec3 x(1.0f, 0.0f, 0.0f);
  for (int i = 0; i <= 20; ++i) {
    const float t = i / kFps;
    const float w = 2.0f * std::numbers::pi_v<float> * (t + phase_s);
    root.translation.times_s.push_back(t);
    root.translation.values.push_back({0.0f, 1.0f, root_speed * t});
    leg.rotation.times_s.push_back(t);
    leg.rotation.values.push_back(glm::angleAxis(0.5f * std::sin(w), x));
    arm.rotation.times_s.push_back(t);
    arm.rotation.values.push_back(glm::angleAxis(0.5f * std::cos(w), x));
  }
  c.tracks = {root, leg, arm};
  return c;
}

TEST(PoseMatching, PicksTheFrameOfTheSamePhase) {
  const Skeleton skeleton = make_skeleton();
  const Clip walk = make_cycle("walk", 0.0f, 1.4f);
  const Clip jog = make_cycle("jog", 0.25f, 3.0f);  // jog(t) = walk(t + 0.25 s)
  PoseMatchTable table;
  ASSERT_EQ(build_pose_match_table(skeleton, walk, 3, jog, 5, {}, table), "");
  EXPECT_EQ(table.source_clip, 3);
  EXPECT_EQ(table.target_clip, 5);
  ASSERT_EQ(table.source_frames, 20);  // the looping clip's last key repeats its first
  ASSERT_EQ(table.target_frames, 20);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(table.best_target_frame[i], (i + 15) % 20) << "source frame " << i;
    EXPECT_NEAR(table.distance(i, (i + 15) % 20), 0.0f, 1e-6f);
  }
  // Walk at 0.5 s matches jog at 0.25 s; at 1.5 s (one loop on) the same.
  EXPECT_FLOAT_EQ(matched_target_time(table, 0.5f, true), 0.25f);
  EXPECT_FLOAT_EQ(matched_target_time(table, 1.5f, true), 0.25f);
  // Not looping: clamped to the last frame (0.95 s), which matches jog at 0.7 s.
  EXPECT_FLOAT_EQ(matched_target_time(table, 7.0f, false), 0.7f);
}

TEST(PoseMatching, DistanceGrowsWithThePhaseError) {
  const Skeleton skeleton = make_skeleton();
  const Clip walk = make_cycle("walk", 0.0f, 0.0f);
  PoseMatchTable table;
  ASSERT_EQ(build_pose_match_table(skeleton, walk, 0, walk, 0, {}, table), "");
  EXPECT_LT(table.distance(0, 1), table.distance(0, 2));
  EXPECT_LT(table.distance(0, 2), table.distance(0, 5));
  // The leg at rest vs swung 0.5 rad: rotation term 0.25, plus the foot moving on a 0.5 m
  // radius: chord^2 = (2 * 0.5 * sin(0.25))^2; the arm's cos term adds its own share.
  const float leg_angle = 0.5f, arm_angle = 0.5f;
  const float chord = 2.0f * 0.5f * std::sin(leg_angle / 2.0f);
  const float expected = leg_angle * leg_angle + arm_angle * arm_angle + chord * chord;
  EXPECT_NEAR(table.distance(0, 5), expected, 1e-4f);  // frame 5: leg at 0.5, arm at 0
}

TEST(PoseMatching, JointWeightsChangeWhatCounts) {
  const Skeleton skeleton = make_skeleton();
  const Clip walk = make_cycle("walk", 0.0f, 0.0f);
  PoseMatchWeights only_arm;
  only_arm.joint_weights = {0.0f, 0.0f, 0.0f, 1.0f};
  only_arm.position_weight = 0.0f;
  PoseMatchTable table;
  ASSERT_EQ(build_pose_match_table(skeleton, walk, 0, walk, 0, only_arm, table), "");
  // The arm alone cannot tell phase t from -t (cos is even): frames 1 and 19 tie with frame 1.
  EXPECT_NEAR(table.distance(1, 19), 0.0f, 1e-6f);
  const float pi = std::numbers::pi_v<float>;
  const float arm_difference = 0.5f * (std::cos(0.1f * pi) - std::cos(0.5f * pi));
  EXPECT_NEAR(table.distance(1, 5), arm_difference * arm_difference, 1e-5f);
}

TEST(PoseMatching, RejectsBadInputsNamingThem) {
  const Skeleton skeleton = make_skeleton();
  const Clip walk = make_cycle("walk", 0.0f, 0.0f);
  PoseMatchTable table;
  PoseMatchWeights wrong_count;
  wrong_count.joint_weights = {1.0f};
  EXPECT_NE(
      build_pose_match_table(skeleton, walk, 0, walk, 0, wrong_count, table).find("joint weights"),
      std::string::npos);
  PoseMatchWeights negative;
  negative.rotation_weight = -1.0f;
  EXPECT_NE(build_pose_match_table(skeleton, walk, 0, walk, 0, negative, table), "");
  Clip empty = walk;
  empty.duration_s = 0.0f;
  EXPECT_NE(build_pose_match_table(skeleton, walk, 0, empty, 1, {}, table).find("target clip"),
            std::string::npos);
  Clip no_fps = walk;
  no_fps.source_fps = 0.0f;
  EXPECT_NE(build_pose_match_table(skeleton, no_fps, 0, walk, 1, {}, table).find("source clip"),
            std::string::npos);
  EXPECT_EQ(table.source_frames, 0);  // nothing written on failure
}

TEST(PoseMatching, LibraryFindsTablesByPair) {
  PoseMatchLibrary library;
  library.tables.resize(2);
  library.tables[0].source_clip = 1;
  library.tables[0].target_clip = 2;
  library.tables[1].source_clip = 2;
  library.tables[1].target_clip = 1;
  EXPECT_EQ(library.find(2, 1), &library.tables[1]);
  EXPECT_EQ(library.find(1, 1), nullptr);
}

}  // namespace
}  // namespace anim
