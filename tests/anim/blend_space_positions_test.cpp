#include "anim/blend_space_positions.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace anim {
namespace {

// root -> foot_l, root -> foot_r.
Skeleton legs() {
  Skeleton s;
  s.joint_names = {"root", "foot_l", "foot_r"};
  s.parents = {kNoParent, 0, 0};
  s.rest_pose = {Transform{}, Transform{}, Transform{}};
  s.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f)};
  return s;
}

// The two legs of legs(): each sole is the foot joint itself.
std::array<Leg, 2> feet() {
  std::array<Leg, 2> out;
  for (int i = 0; i < 2; ++i) out[i].foot = out[i].toes = 1 + i;
  return out;
}

// A foot that is planted (height 0) and slides from z = +0.5 to -0.5 during one half of a 1 s
// cycle, and swings forward 0.2 m up during the other half; `late` starts with the swing.
JointTrack foot(std::string name, bool late) {
  JointTrack t;
  t.joint_name = std::move(name);
  const glm::vec3 front(0.0f, 0.0f, 0.5f);
  const glm::vec3 back(0.0f, 0.0f, -0.5f);
  const glm::vec3 up(0.0f, 0.2f, 0.0f);
  t.translation.times_s = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
  if (late) {
    t.translation.values = {back, up, front, glm::vec3(0.0f), back};
  } else {
    t.translation.values = {front, glm::vec3(0.0f), back, up, front};
  }
  return t;
}

TEST(BlendSpacePositions, RootVelocityIsTheCycleDisplacementOverTheDuration) {
  const Skeleton skeleton = legs();
  Clip strafe;
  strafe.name = "strafe";
  strafe.duration_s = 0.5f;
  JointTrack root;
  root.joint_name = "root";
  root.translation.times_s = {0.0f, 0.5f};
  root.translation.values = {glm::vec3(0.0f), glm::vec3(1.5f, 0.0f, -0.25f)};
  strafe.tracks = {root};
  const ClipBinding binding = bind_clip(strafe, skeleton);
  const glm::vec2 v = root_velocity(strafe, binding, skeleton, 0);
  EXPECT_NEAR(v.x, 3.0f, 1e-5f);
  EXPECT_NEAR(v.y, -0.5f, 1e-5f);
  const ClipVelocity c = compute_clip_velocity(strafe, binding, skeleton, 0, feet());
  EXPECT_EQ(c.source, VelocitySource::RootMotion);
  EXPECT_NEAR(c.velocity.x, 3.0f, 1e-5f);
}

// Two feet stepping in place: each planted for half of a 1 s cycle.
Clip walk_in_place() {
  Clip walk;
  walk.name = "walk_in_place";
  walk.duration_s = 1.0f;
  walk.tracks = {foot("foot_l", false), foot("foot_r", true)};
  return walk;
}

TEST(BlendSpacePositions, InPlaceClipsAreMeasuredFromThePlantedFoot) {
  const Skeleton skeleton = legs();
  const Clip walk = walk_in_place();
  const ClipBinding binding = bind_clip(walk, skeleton);
  // The planted foot slides 1 m back in 0.5 s: the body walks forward at 2 m/s.
  const ClipVelocity c = compute_clip_velocity(walk, binding, skeleton, 0, feet());
  EXPECT_EQ(c.source, VelocitySource::Feet);
  EXPECT_NEAR(c.velocity.x, 0.0f, 1e-4f);
  EXPECT_NEAR(c.velocity.y, 2.0f, 1e-3f);
  // Without feet there is nothing to measure an in-place clip by.
  EXPECT_EQ(compute_clip_velocity(walk, binding, skeleton, 0, {}).velocity, glm::vec2(0.0f));
  std::array<Leg, 1> bad;
  bad[0].foot = bad[0].toes = 7;
  EXPECT_EQ(compute_clip_velocity(walk, binding, skeleton, 0, bad).velocity, glm::vec2(0.0f));
}

TEST(BlendSpacePositions, ATypedSpeedKeepsTheFeetsDirection) {
  const Skeleton skeleton = legs();
  const Clip walk = walk_in_place();
  const ClipBinding binding = bind_clip(walk, skeleton);
  // The feet say 2 m/s forward; the user types 1.4 m/s.
  const ClipVelocity typed =
      with_typed_speed(compute_clip_velocity(walk, binding, skeleton, 0, feet()), 1.4f);
  EXPECT_EQ(typed.source, VelocitySource::TypedSpeed);
  EXPECT_NEAR(typed.velocity.x, 0.0f, 1e-4f);
  EXPECT_NEAR(typed.velocity.y, 1.4f, 1e-4f);
  // (3, -4) m/s measured by the feet, typed 2.5: (1.5, -2).
  const ClipVelocity diagonal =
      with_typed_speed({glm::vec2(3.0f, -4.0f), VelocitySource::Feet}, 2.5f);
  EXPECT_NEAR(diagonal.velocity.x, 1.5f, 1e-5f);
  EXPECT_NEAR(diagonal.velocity.y, -2.0f, 1e-5f);
  // An idle stays at the origin; a clip with root motion keeps it; nonsense speeds give zero.
  EXPECT_EQ(with_typed_speed({glm::vec2(0.01f, 0.0f), VelocitySource::Feet}, 1.4f).velocity,
            glm::vec2(0.0f));
  const ClipVelocity root =
      with_typed_speed({glm::vec2(0.0f, 3.0f), VelocitySource::RootMotion}, 1.0f);
  EXPECT_EQ(root.source, VelocitySource::RootMotion);
  EXPECT_EQ(root.velocity, glm::vec2(0.0f, 3.0f));
  EXPECT_EQ(with_typed_speed({glm::vec2(1.0f, 0.0f), VelocitySource::Feet}, NAN).velocity,
            glm::vec2(0.0f));
}

TEST(BlendSpacePositions, SpeedThresholdsForOneDimensionalSpaces) {
  const Skeleton skeleton = legs();
  const Clip walk = walk_in_place();
  const ClipBinding binding = bind_clip(walk, skeleton);
  const ClipVelocity measured = compute_clip_velocity(walk, binding, skeleton, 0, feet());
  // Measured: the feet's 2 m/s; typed: the typed 1.4 m/s.
  EXPECT_NEAR(speed_threshold(measured, false, 1.4f), 2.0f, 1e-3f);
  EXPECT_NEAR(speed_threshold(measured, true, 1.4f), 1.4f, 1e-5f);
  // (3, -4) travelled by the root: 5 m/s either way; an idle stays at 0 with a typed speed.
  const ClipVelocity root{glm::vec2(3.0f, -4.0f), VelocitySource::RootMotion};
  EXPECT_NEAR(speed_threshold(root, true, 1.4f), 5.0f, 1e-5f);
  const ClipVelocity idle{glm::vec2(0.01f, 0.0f), VelocitySource::Feet};
  EXPECT_EQ(speed_threshold(idle, true, 1.4f), 0.0f);
  EXPECT_NEAR(speed_threshold(idle, false, 1.4f), 0.01f, 1e-6f);
}

}  // namespace
}  // namespace anim
